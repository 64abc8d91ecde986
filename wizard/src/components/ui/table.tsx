import { Cell, Column, Row, Table, TableBody, TableHeader, type SortDescriptor } from 'react-aria-components'
import type { SortableTableProps } from './native-table'

export type { SortDirection, TableColumn, TableSort } from './native-table'
export { Pager } from './native-table'

/** The same props as the native SortableTable; `onRowAction` also runs on Enter on a row. */
export type DataTableProps<T, C extends string = string> = SortableTableProps<T, C>

/**
 * A data table (react-aria: grid keyboard navigation, sort announced). Sorting is done by the
 * caller (usually the API) through `sort`/`onSortChange`; pair with <Pager> for pages.
 */
export function DataTable<T, C extends string = string>({ label, columns, rows, rowKey, sort, onSortChange, empty, onRowAction }: DataTableProps<T, C>) {
  const descriptor: SortDescriptor | undefined = sort ? { column: sort.column, direction: sort.direction === 'asc' ? 'ascending' : 'descending' } : undefined
  return (
    <div className="ui-table-wrap">
      <Table
        aria-label={label}
        className="ui-table"
        sortDescriptor={descriptor}
        onSortChange={(next) => onSortChange?.({ column: String(next.column) as C, direction: next.direction === 'ascending' ? 'asc' : 'desc' })}
      >
        <TableHeader className="ui-table__head">
          {columns.map((column) => (
            <Column
              key={column.id}
              id={column.id}
              isRowHeader={column.isRowHeader}
              allowsSorting={column.sortable}
              className={`ui-table__column ui-table__cell--${column.align ?? 'start'}`}
            >
              {({ allowsSorting, sortDirection }) => (
                <span className="ui-table__column-label">
                  {column.label}
                  {allowsSorting ? (
                    <span aria-hidden="true" className="ui-table__sort">
                      {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : '↕'}
                    </span>
                  ) : null}
                </span>
              )}
            </Column>
          ))}
        </TableHeader>
        <TableBody className="ui-table__body" renderEmptyState={() => empty ?? 'Nothing to show.'}>
          {rows.map((row) => (
            <Row
              key={rowKey(row)}
              id={rowKey(row)}
              className={`ui-table__row${onRowAction ? ' ui-table__row--action' : ''}`}
              onAction={onRowAction ? () => onRowAction(row) : undefined}
            >
              {columns.map((column) => (
                <Cell key={column.id} className={`ui-table__cell ui-table__cell--${column.align ?? 'start'}`}>
                  {column.render(row)}
                </Cell>
              ))}
            </Row>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
