/**
 * A sortable data table on native table elements (issue 17, first load), and the pager. The WAI-ARIA
 * sortable-table pattern: each sortable column header holds a button, the sorted column carries
 * `aria-sort`, and the rows are ordinary table rows whose links and buttons are reached with Tab.
 * A click anywhere else on a row runs `onRowAction` (the row's first link does the same by keyboard).
 * For a grid with arrow-key navigation between cells use DataTable (react-aria).
 */
import { useMemo, useState, type MouseEvent, type ReactNode } from 'react'
import { NativeButton } from './native'

export type SortDirection = 'asc' | 'desc'
export type TableSort<C extends string = string> = { column: C; direction: SortDirection }

export type TableColumn<T, C extends string = string> = {
  id: C
  label: string
  render: (row: T) => ReactNode
  sortable?: boolean
  /** The cell that names the row for screen readers (one per table). */
  isRowHeader?: boolean
  align?: 'start' | 'end'
  /** What the column sorts by when the rows are sorted in the browser (useTableSort). */
  sortValue?: (row: T) => string | number | null | undefined
}

export type SortableTableProps<T, C extends string = string> = {
  label: string
  columns: readonly TableColumn<T, C>[]
  rows: readonly T[]
  rowKey: (row: T) => string | number
  sort?: TableSort<C>
  /** A new column sorts ascending; the sorted column toggles its direction. */
  onSortChange?: (sort: TableSort<C>) => void
  empty?: ReactNode
  onRowAction?: (row: T) => void
  /** Wide tables that scroll sideways on a phone: the scroll box is a named, focusable region so a keyboard can scroll it. */
  scrollable?: boolean
  /** On a phone (40rem or narrower) each row is a card of labelled lines instead of columns that scroll out of view. */
  stacked?: boolean
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

/** The words a screen reader hears for a sortable header's state, and after a change of sort. */
export const sortStateText = (direction: SortDirection | undefined) =>
  direction === 'asc' ? 'sorted ascending' : direction === 'desc' ? 'sorted descending' : 'not sorted, press to sort'
export const sortAnnouncement = (tableLabel: string, columnLabel: string, direction: SortDirection) =>
  `${tableLabel}: sorted by ${columnLabel}, ${direction === 'asc' ? 'ascending' : 'descending'}`

/** A click on a row's own link, button or input is theirs, not the row's. */
const isOwnControl = (event: MouseEvent) => event.target instanceof Element && event.target.closest('a, button, input, select, textarea, label') !== null

export function SortableTable<T, C extends string = string>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  empty,
  onRowAction,
  scrollable = false,
  stacked = false,
}: SortableTableProps<T, C>) {
  const sortBy = (column: C) => onSortChange?.({ column, direction: sort?.column === column ? (sort.direction === 'asc' ? 'desc' : 'asc') : 'asc' })
  // aria-sort alone is not read out by every screen reader when it changes: the live region says it once per change.
  const [announced, setAnnounced] = useState('')
  const [lastSort, setLastSort] = useState(sort)
  if (sort?.column !== lastSort?.column || sort?.direction !== lastSort?.direction) {
    setLastSort(sort)
    const column = sort && columns.find((c) => c.id === sort.column)
    setAnnounced(sort && column ? sortAnnouncement(label, column.label, sort.direction) : '')
  }
  return (
    <div className="ui-table-wrap" {...(scrollable ? { role: 'region', 'aria-label': `${label}, scrollable`, tabIndex: 0 } : {})}>
      <span className="visually-hidden" aria-live="polite" data-testid="table-sort-status">
        {announced}
      </span>
      <table className={`ui-table${stacked ? ' ui-table--stacked' : ''}`} aria-label={label}>
        <thead className="ui-table__head">
          <tr>
            {columns.map((column) => {
              const sorted = sort?.column === column.id ? sort.direction : undefined
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={column.sortable ? (sorted ? ARIA_SORT[sorted] : 'none') : undefined}
                  className={`ui-table__column ui-table__cell--${column.align ?? 'start'}`}
                >
                  {column.sortable ? (
                    <button type="button" className="ui-table__sort-button" onClick={() => sortBy(column.id)}>
                      {column.label}
                      <span aria-hidden="true" className="ui-table__sort">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                      </span>
                      <span className="visually-hidden">, {sortStateText(sorted)}</span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody className="ui-table__body">
          {rows.length === 0 ? (
            <tr>
              <td className="ui-table__cell" colSpan={columns.length}>
                {empty ?? 'Nothing to show.'}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={`ui-table__row${onRowAction ? ' ui-table__row--action' : ''}`}
                onClick={onRowAction ? (event) => !isOwnControl(event) && onRowAction(row) : undefined}
              >
                {columns.map((column) =>
                  column.isRowHeader ? (
                    <th
                      key={column.id}
                      scope="row"
                      data-label={stacked ? column.label : undefined}
                      className={`ui-table__cell ui-table__cell--row-header ui-table__cell--${column.align ?? 'start'}`}
                    >
                      {stacked ? <div className="ui-table__value">{column.render(row)}</div> : column.render(row)}
                    </th>
                  ) : (
                    <td key={column.id} data-label={stacked ? column.label : undefined} className={`ui-table__cell ui-table__cell--${column.align ?? 'start'}`}>
                      {stacked ? <div className="ui-table__value">{column.render(row)}</div> : column.render(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

const collator = new Intl.Collator('en-AU', { numeric: true, sensitivity: 'base' })
/** Orders rows by a column's sortValue; empty values go last whatever the direction. */
export function sortRows<T, C extends string>(rows: readonly T[], columns: readonly TableColumn<T, C>[], sort: TableSort<C> | undefined): T[] {
  const column = sort && columns.find((c) => c.id === sort.column)
  if (!sort || !column?.sortValue) return [...rows]
  const value = column.sortValue
  const sign = sort.direction === 'asc' ? 1 : -1
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const aEmpty = a.key === null || a.key === undefined || a.key === ''
      const bEmpty = b.key === null || b.key === undefined || b.key === ''
      if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1
      const order = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : collator.compare(String(a.key), String(b.key))
      return order === 0 ? a.index - b.index : sign * order
    })
    .map((entry) => entry.row)
}

/**
 * Sorting in the browser, for tables that hold every row (no server paging): the columns with a
 * sortValue become sortable. Spread the result onto <SortableTable>.
 */
export function useTableSort<T, C extends string>(rows: readonly T[], columns: readonly TableColumn<T, C>[], initial?: TableSort<C>) {
  const [sort, setSort] = useState<TableSort<C> | undefined>(initial)
  const sortableColumns = useMemo(() => columns.map((c) => (c.sortValue ? { ...c, sortable: true } : c)), [columns])
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort])
  return { columns: sortableColumns, rows: sorted, sort, onSortChange: setSort }
}

/** Previous / next paging with "Page n of m" (0-based `page`). */
export function Pager({
  page,
  pageCount,
  onPageChange,
  label = 'Pages',
}: {
  page: number
  pageCount: number
  onPageChange: (page: number) => void
  label?: string
}) {
  if (pageCount <= 1) return null
  return (
    <nav className="ui-pager" aria-label={label}>
      <NativeButton variant="secondary" disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
        Previous
      </NativeButton>
      <span aria-live="polite">
        Page {page + 1} of {pageCount}
      </span>
      <NativeButton variant="secondary" disabled={page >= pageCount - 1} onClick={() => onPageChange(page + 1)}>
        Next
      </NativeButton>
    </nav>
  )
}
