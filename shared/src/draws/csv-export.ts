/**
 * CSV exports of entrant text (issue 23): a cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is read by spreadsheets as a formula (`=HYPERLINK(...)`), so it is prefixed with
 * `'` (OWASP "CSV injection"). The canonical entries themselves (and their hash) never change.
 */
import { canonicalField } from './algorithm'
import { parseCanonicalRow } from './canonical-entries'

const FORMULA_START = /^[=+\-@\t\r]/
/** A row that may hold such a cell: one starts the row or follows a comma, quoted or not. */
const MAY_NEED = /(^|,)"?[=+\-@\t\r]/

export function csvSafeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** One canonical row (without its `\n`) as an export writes it: unchanged unless a cell needs the prefix. */
export function csvSafeRow(row: string): string {
  if (!MAY_NEED.test(row)) return row
  return parseCanonicalRow(row)
    .map((field) => {
      const safe = csvSafeCell(field)
      return safe === field ? canonicalField(field) : /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
    })
    .join(',')
}
