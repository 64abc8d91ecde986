import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { SortableTable, sortRows, useTableSort, type TableColumn } from './native-table'

afterEach(cleanup)

type Row = { id: number; name: string; days: number | null }
const COLUMNS: readonly TableColumn<Row>[] = [
  { id: 'name', label: 'Promotion', isRowHeader: true, sortValue: (r) => r.name, render: (r) => r.name },
  { id: 'days', label: 'Waiting', sortValue: (r) => r.days, render: (r) => (r.days === null ? '—' : `${r.days} days`) },
  { id: 'notes', label: 'Notes', render: () => '' },
]
const ROWS: Row[] = [
  { id: 1, name: 'Summer draw', days: 3 },
  { id: 2, name: 'Autumn giveaway', days: 12 },
  { id: 3, name: 'winter instant win', days: null },
  { id: 4, name: 'Promotion 10', days: 1 },
]

function Harness() {
  const table = useTableSort(ROWS, COLUMNS)
  return <SortableTable label="Outstanding" {...table} rowKey={(r) => r.id} />
}
const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })

describe('sortable table headers (issue 26)', () => {
  it('a staff member sorts by a column, then reverses it; aria-sort, the button name and the live region follow', () => {
    render(<Harness />)
    // Only the columns with a sort value are sortable: a button inside a header with aria-sort.
    expect(header('Promotion').getAttribute('aria-sort')).toBe('none')
    expect(header('Notes').hasAttribute('aria-sort')).toBe(false)
    expect(within(header('Notes')).queryByRole('button')).toBeNull()
    expect(rowNames()).toEqual(['Summer draw', 'Autumn giveaway', 'winter instant win', 'Promotion 10'])
    expect(screen.getByTestId('table-sort-status').textContent).toBe('')

    const waiting = within(header('Waiting')).getByRole('button', { name: 'Waiting, not sorted, press to sort' })
    waiting.focus()
    expect(document.activeElement).toBe(waiting)
    fireEvent.click(waiting)
    expect(header('Waiting').getAttribute('aria-sort')).toBe('ascending')
    expect(header('Promotion').getAttribute('aria-sort')).toBe('none')
    expect(within(header('Waiting')).getByRole('button').textContent).toContain('sorted ascending')
    expect(screen.getByTestId('table-sort-status').textContent).toBe('Outstanding: sorted by Waiting, ascending')
    // The empty figure goes last.
    expect(rowNames()).toEqual(['Promotion 10', 'Summer draw', 'Autumn giveaway', 'winter instant win'])

    fireEvent.click(within(header('Waiting')).getByRole('button'))
    expect(header('Waiting').getAttribute('aria-sort')).toBe('descending')
    expect(screen.getByTestId('table-sort-status').textContent).toBe('Outstanding: sorted by Waiting, descending')
    expect(rowNames()).toEqual(['Autumn giveaway', 'Summer draw', 'Promotion 10', 'winter instant win'])

    // A new column starts ascending; text sorts as people read it (case-blind, numbers by value).
    fireEvent.click(within(header('Promotion')).getByRole('button'))
    expect(header('Promotion').getAttribute('aria-sort')).toBe('ascending')
    expect(header('Waiting').getAttribute('aria-sort')).toBe('none')
    expect(rowNames()).toEqual(['Autumn giveaway', 'Promotion 10', 'Summer draw', 'winter instant win'])
  })

  it('a table whose caller sorts (server-side) keeps its props: aria-sort from `sort`, no sortValue needed', () => {
    const sorted: { column: string; direction: string }[] = []
    render(
      <SortableTable
        label="Promotions"
        columns={[{ id: 'date', label: 'Date created', sortable: true, render: (r: Row) => r.id }]}
        rows={ROWS}
        rowKey={(r) => r.id}
        sort={{ column: 'date', direction: 'desc' }}
        onSortChange={(s) => sorted.push(s)}
      />,
    )
    expect(header('Date created').getAttribute('aria-sort')).toBe('descending')
    fireEvent.click(within(header('Date created')).getByRole('button'))
    expect(sorted).toEqual([{ column: 'date', direction: 'asc' }])
  })

  it('sortRows returns the same rows, in order, with empty values last, for any rows and direction', () => {
    const row = fc.record({ id: fc.nat(), name: fc.string({ maxLength: 6 }), days: fc.option(fc.integer({ min: -50, max: 50 }), { nil: null }) })
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), fc.constantFrom('asc' as const, 'desc' as const), (rows, direction) => {
        const result = sortRows(rows, COLUMNS, { column: 'days', direction })
        // The same rows, as a multiset: two rows may share an id and a name and differ only in days.
        const multiset = (list: readonly Row[]) => list.map((r) => JSON.stringify(r)).sort()
        expect(multiset(result)).toEqual(multiset(rows))
        const figures = result.map((r) => r.days)
        const firstEmpty = figures.indexOf(null)
        if (firstEmpty >= 0) expect(figures.slice(firstEmpty).every((d) => d === null)).toBe(true)
        const present = figures.filter((d): d is number => d !== null)
        for (let i = 1; i < present.length; i++) expect(direction === 'asc' ? present[i - 1] <= present[i] : present[i - 1] >= present[i]).toBe(true)
      }),
    )
  })
})

describe('stacked table (phone cards)', () => {
  it('names every cell with its column and keeps the row header and cell roles; a plain table adds nothing', () => {
    render(<SortableTable label="Entries" columns={COLUMNS} rows={ROWS.slice(0, 1)} rowKey={(r) => r.id} stacked />)
    const table = screen.getByRole('table', { name: 'Entries' })
    expect(table.classList.contains('ui-table--stacked')).toBe(true)
    const rowHeader = within(table).getByRole('rowheader', { name: 'Summer draw' })
    expect(rowHeader.getAttribute('data-label')).toBe('Promotion')
    expect(within(table).getByRole('cell', { name: '3 days' }).getAttribute('data-label')).toBe('Waiting')
    cleanup()
    render(<SortableTable label="Entries" columns={COLUMNS} rows={ROWS.slice(0, 1)} rowKey={(r) => r.id} />)
    expect(screen.getByRole('table').classList.contains('ui-table--stacked')).toBe(false)
    expect(screen.getByRole('rowheader', { name: 'Summer draw' }).hasAttribute('data-label')).toBe(false)
  })
})
