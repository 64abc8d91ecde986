import type { OutstandingRow } from '@permitdesk/shared'
import { useState } from 'react'
import { Link } from 'react-router'
import { api } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'
import { useLoad } from '../use-load'

type Filters = { statusIds?: number[]; states?: string[] }
const STATUSES: [number, string][] = [[4, 'Submitted'], [13, 'Resubmitted'], [5, 'Generated'], [11, 'Regenerated'], [9, 'Pending payment clearance'], [15, 'Awaiting T&Cs approval']]
const STATES = ['NSW', 'ACT', 'SA', 'VIC', 'QLD', 'WA', 'TAS', 'NT']

/** outstanding/ (Outstanding Permit Applications): rows coloured by days since submission; saved default filters. */
export function OutstandingScreen() {
  const [filters, setFilters] = useState<Filters | null>(null)
  const result = useLoad(
    () =>
      api.get<{ rows: OutstandingRow[]; filters: Filters }>('/api/promotion/getOutstanding', {
        query: filters ? { useSaved: false, status: filters.statusIds?.join(',') || undefined, states: filters.states?.join(',') || undefined } : {},
      }),
    [JSON.stringify(filters)],
  )
  const shown = filters ?? result.data?.filters ?? {}
  const toggle = <T,>(list: T[] | undefined, value: T) => (list?.includes(value) ? list.filter((v) => v !== value) : [...(list ?? []), value])

  return (
    <StaffLayout title="Outstanding permit applications">
      <h1>Outstanding permit applications</h1>
      <fieldset className="staff-filters">
        <legend>Statuses</legend>
        {STATUSES.map(([id, name]) => (
          <label key={id} className="check">
            <input type="checkbox" checked={shown.statusIds?.includes(id) ?? false} onChange={() => setFilters({ ...shown, statusIds: toggle(shown.statusIds, id) })} /> {name}
          </label>
        ))}
      </fieldset>
      <fieldset className="staff-filters">
        <legend>States</legend>
        {STATES.map((s) => (
          <label key={s} className="check">
            <input type="checkbox" checked={shown.states?.includes(s) ?? false} onChange={() => setFilters({ ...shown, states: toggle(shown.states, s) })} /> {s}
          </label>
        ))}
      </fieldset>
      <p className="staff-actions">
        <button type="button" onClick={() => void api.post('/api/admin/saveOutstandingFilters', shown).then(() => notify('Saved as your default filters.', 'info'))}>
          Save as my default filters
        </button>
        <button type="button" className="secondary" onClick={() => setFilters({})}>
          Clear filters
        </button>
      </p>
      <table>
        <thead>
          <tr>
            <th>Promotion</th>
            <th>Status</th>
            <th>Account</th>
            <th>Submitted</th>
            <th>Days</th>
          </tr>
        </thead>
        <tbody>
          {result.data?.rows.map((r) => (
            <tr key={r.id} className={r.colour === 'default' ? undefined : `row-${r.colour}`} data-colour={r.colour}>
              <td>
                <Link to={staffPaths.detail(r.id)}>{r.name || `Promotion ${r.id}`}</Link>
              </td>
              <td>{r.statusName}</td>
              <td>
                {r.accountName}
                <br />
                {r.email}
              </td>
              <td>{r.submittedAt ? new Date(r.submittedAt).toLocaleDateString('en-AU') : '—'}</td>
              <td>{r.daysSinceSubmission}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {result.data?.rows.length === 0 && <p>Nothing outstanding.</p>}
    </StaffLayout>
  )
}
