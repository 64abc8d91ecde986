import { formatDateTime, type ChangelogEntryView } from '@permitdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { SortableTable, useTableSort, type TableColumn } from '../../components/ui'
import { getChangelog, staffKeys } from '../api/staff-api'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value))

const COLUMNS: readonly TableColumn<ChangelogEntryView>[] = [
  { id: 'when', label: 'When', isRowHeader: true, sortValue: (e) => e.at, render: (e) => formatDateTime(e.at) },
  { id: 'who', label: 'Who', sortValue: (e) => e.userName ?? 'System', render: (e) => e.userName ?? 'System' },
  { id: 'what', label: 'What', sortValue: (e) => `${e.entity} ${e.action}`, render: (e) => `${e.entity} ${e.action}` },
  {
    id: 'changes',
    label: 'Changes (from → to)',
    render: (e) => (
      <ul>
        {Object.entries(e.changes).map(([field, c]) => (
          <li key={field}>
            <strong>{field}</strong>: {show(c.from)} → {show(c.to)}
          </li>
        ))}
      </ul>
    ),
  },
]

/** changelog/{id}/: the promotion's changelog, newest first, with who and from → to. */
export function ChangelogScreen() {
  const id = Number(useParams().id)
  const log = useQuery({ queryKey: staffKeys.changelog(id), queryFn: () => getChangelog(id) })
  // Newest first as the API sends it until staff pick a column.
  const table = useTableSort(log.data ?? [], COLUMNS)
  return (
    <StaffLayout title="Changelog">
      <h1>Changelog of promotion {id}</h1>
      <p>
        <Link to={staffPaths.detail(id)}>Back to the promotion</Link>
      </p>
      {log.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <SortableTable label="Changelog" {...table} rowKey={(e) => e.id} empty="No changes yet." scrollable stacked />
      )}
    </StaffLayout>
  )
}
