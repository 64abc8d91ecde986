import { canonicalRow, isEmptyRow } from './algorithm'
import { MSG_DRAW_FILE_NO_ENTRIES, MSG_DRAW_FILE_NO_HEADER, msgDrawRaggedRow, msgDrawTooManyEntries } from './messages'

/** Why an entries file was refused, with the line it names (1-based, as an editor shows it). */
export class EntriesError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message)
  }
}

/**
 * Turns the records of an entries file into canonical rows (§5a): the first non-empty record is
 * the header (excluded), empty rows are skipped, every other row must have the header's number of
 * columns. Each canonical row is handed to `onRow` with its `\n`, in upload order.
 */
export class EntriesCanonicaliser {
  private columns: number | undefined
  private header: string[] | undefined
  count = 0

  constructor(
    private readonly onRow: (canonical: string) => void,
    private readonly maxEntries = Number.POSITIVE_INFINITY,
  ) {}

  get headerFields(): string[] | undefined {
    return this.header
  }

  add(fields: readonly string[], line: number): void {
    if (isEmptyRow(fields)) return
    if (this.columns === undefined) {
      // A header names its columns: a blank or duplicated name means the first row is data.
      const names = fields.map((f) => f.trim())
      if (names.some((n) => n === '' || looksLikeData(n)) || new Set(names.map((n) => n.toLowerCase())).size !== names.length)
        throw new EntriesError(MSG_DRAW_FILE_NO_HEADER, line)
      this.columns = fields.length
      this.header = names
      return
    }
    if (fields.length !== this.columns) throw new EntriesError(msgDrawRaggedRow(line, fields.length, this.columns), line)
    this.count += 1
    if (this.count > this.maxEntries) throw new EntriesError(msgDrawTooManyEntries(this.maxEntries), line)
    this.onRow(`${canonicalRow(fields)}\n`)
  }

  /** Throws when the file had a header but no entries. */
  finish(): void {
    if (this.columns === undefined) throw new EntriesError(MSG_DRAW_FILE_NO_HEADER)
    if (this.count === 0) throw new EntriesError(MSG_DRAW_FILE_NO_ENTRIES)
  }
}

/** An e-mail address or a number is an entry's value, never a column name. */
function looksLikeData(name: string): boolean {
  return /^[^@\s]+@[^@\s]+$/.test(name) || /^[+-]?\d+([.,]\d+)?$/.test(name)
}

/** Splits canonical entries text back into its rows' fields (for masking and lookup). */
export function parseCanonicalRow(row: string): string[] {
  const fields: string[] = []
  let i = 0
  while (i <= row.length) {
    if (row[i] === '"') {
      let value = ''
      i += 1
      for (;;) {
        const q = row.indexOf('"', i)
        if (q < 0) {
          value += row.slice(i)
          i = row.length
          break
        }
        value += row.slice(i, q)
        if (row[q + 1] === '"') {
          value += '"'
          i = q + 2
        } else {
          i = q + 1
          break
        }
      }
      fields.push(value)
      i += 1 // the comma
    } else {
      const comma = row.indexOf(',', i)
      const end = comma < 0 ? row.length : comma
      fields.push(row.slice(i, end))
      i = end + 1
    }
  }
  return fields
}
