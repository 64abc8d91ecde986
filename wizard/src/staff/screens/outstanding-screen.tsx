import { formatDate, type OutstandingRow } from '@permitdesk/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { Badge, NativeButton, SortableTable, useTableSort, type TableColumn } from '../../components/ui'
import { getOutstanding, saveOutstandingFilters, staffKeys, type OutstandingFilters } from '../api/staff-api'
import { useStaffAction } from '../api/use-staff-action'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'

const STATUSES: [number, string][] = [
  [4, 'Submitted'],
  [13, 'Resubmitted'],
  [5, 'Generated'],
  [11, 'Regenerated'],
  [9, 'Pending payment clearance'],
  [15, 'Awaiting T&Cs approval'],
]
const STATES = ['NSW', 'ACT', 'SA', 'VIC', 'QLD', 'WA', 'TAS', 'NT']

const COLUMNS: readonly TableColumn<OutstandingRow>[] = [
  {
    id: 'promotion',
    label: 'Promotion',
    isRowHeader: true,
    sortValue: (r) => r.name || `Promotion ${r.id}`,
    render: (r) => <Link to={staffPaths.detail(r.id)}>{r.name || `Promotion ${r.id}`}</Link>,
  },
  { id: 'status', label: 'Status', sortValue: (r) => r.statusName, render: (r) => r.statusName },
  {
    id: 'account',
    label: 'Account',
    sortValue: (r) => r.accountName,
    render: (r) => (
      <>
        {r.accountName}
        <br />
        {r.email}
      </>
    ),
  },
  { id: 'submitted', label: 'Submitted', sortValue: (r) => r.submittedAt, render: (r) => (r.submittedAt ? formatDate(r.submittedAt) : '—') },
  // The age band's colour is a badge beside the number, which says the same in words.
  {
    id: 'days',
    label: 'Waiting',
    sortValue: (r) => r.daysSinceSubmission,
    render: (r) => (
      <span data-colour={r.colour}>
        <Badge tone={r.colour}>{r.daysSinceSubmission === 1 ? '1 day' : `${r.daysSinceSubmission} days`}</Badge>
      </span>
    ),
  },
]

/** outstanding/ (Outstanding Permit Applications): oldest first, coloured by days since submission; saved default filters. */
export function OutstandingScreen() {
  const [filters, setFilters] = useState<OutstandingFilters | null>(null)
  const result = useQuery({ queryKey: staffKeys.outstanding(filters), queryFn: () => getOutstanding(filters), placeholderData: keepPreviousData })
  const save = useStaffAction(saveOutstandingFilters, { done: 'Saved as your default filters.' })
  const shown = filters ?? result.data?.filters ?? {}
  // Oldest first as the API sends them until staff pick a column.
  const table = useTableSort(result.data?.rows ?? [], COLUMNS)
  const toggle = <T,>(list: T[] | undefined, value: T) => (list?.includes(value) ? list.filter((v) => v !== value) : [...(list ?? []), value])

  return (
    <StaffLayout title="Outstanding permit applications">
      <h1>Outstanding permit applications</h1>
      <fieldset className="staff-filters">
        <legend>Statuses</legend>
        {STATUSES.map(([id, name]) => (
          <label key={id} className="check">
            <input
              type="checkbox"
              checked={shown.statusIds?.includes(id) ?? false}
              onChange={() => setFilters({ ...shown, statusIds: toggle(shown.statusIds, id) })}
            />{' '}
            {name}
          </label>
        ))}
      </fieldset>
      <fieldset className="staff-filters">
        <legend>States</legend>
        {STATES.map((s) => (
          <label key={s} className="check">
            <input type="checkbox" checked={shown.states?.includes(s) ?? false} onChange={() => setFilters({ ...shown, states: toggle(shown.states, s) })} />{' '}
            {s}
          </label>
        ))}
      </fieldset>
      <p className="staff-actions">
        <NativeButton onClick={() => save.mutate(shown)} disabled={save.isPending}>
          Save as my default filters
        </NativeButton>
        <NativeButton variant="secondary" onClick={() => setFilters({})}>
          Clear filters
        </NativeButton>
      </p>
      {result.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <SortableTable label="Outstanding permit applications" {...table} rowKey={(r) => r.id} empty="Nothing outstanding." scrollable stacked />
      )}
    </StaffLayout>
  )
}
