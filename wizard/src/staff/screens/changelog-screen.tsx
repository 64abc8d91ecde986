import type { ChangelogEntryView } from '@permitdesk/shared'
import { Link, useParams } from 'react-router'
import { api } from '../../lib/api-client'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'
import { useLoad } from '../use-load'

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value))

/** changelog/{id}/: the promotion's changelog, newest first, with who and from → to. */
export function ChangelogScreen() {
  const id = Number(useParams().id)
  const log = useLoad(() => api.get<ChangelogEntryView[]>('/api/admin/getChangelog', { query: { id } }), [id])
  return (
    <StaffLayout title="Changelog">
      <h1>Changelog of promotion {id}</h1>
      <p>
        <Link to={staffPaths.detail(id)}>Back to the promotion</Link>
      </p>
      <table>
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>What</th>
            <th>Changes (from → to)</th>
          </tr>
        </thead>
        <tbody>
          {log.data?.map((e) => (
            <tr key={e.id}>
              <td>{new Date(e.at).toLocaleString('en-AU')}</td>
              <td>{e.userName ?? 'System'}</td>
              <td>
                {e.entity} {e.action}
              </td>
              <td>
                <ul>
                  {Object.entries(e.changes).map(([field, c]) => (
                    <li key={field}>
                      <strong>{field}</strong>: {show(c.from)} → {show(c.to)}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </StaffLayout>
  )
}
