import crypto from 'node:crypto'
import { isUtf8 } from 'node:buffer'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parse, CsvError } from 'csv-parse'
import ExcelJS from 'exceljs'
import { AppError, EntriesCanonicaliser, EntriesError, MSG_DRAW_FILE_BINARY, MSG_DRAW_FILE_EMPTY, msgDrawBadCsv, msgDrawFileTooLarge } from '@permitdesk/shared'
import { putStream, type FileStorage } from '../../storage/storage'

/** The most entries one draw holds (issue 15). */
export const MAX_DRAW_ENTRIES = 10_000_000

export type StoredEntries = { key: string; entryCount: number; entriesHash: string; bytes: number; header: string[]; rowOffsets: number[] }

/** Every ROW_BLOCK-th row's byte offset is kept (draws.row_offsets). */
export const ROW_BLOCK = 65_536

const invalid = (message: string) => new AppError('VALIDATION', message, { modelState: { file: [message] } })

/**
 * Reads an uploaded entries file as a stream (DESIGN.md §5a): refuses binary files, parses the CSV
 * with csv-parse record by record, canonicalises each row, hashes the canonical bytes as they pass
 * and writes them to storage. Nothing is held in memory beyond a 64 KB batch. On any refusal the
 * partial file is removed, so a bad upload stores nothing.
 */
export async function ingestEntries(storage: FileStorage, file: Readable, { limitBytes, maxEntries = MAX_DRAW_ENTRIES }: { limitBytes: number; maxEntries?: number }): Promise<StoredEntries> {
  const key = `draws/entries/${crypto.randomUUID()}.csv`
  const hash = crypto.createHash('sha256')
  let batch = ''
  const rowOffsets: number[] = []
  let offset = 0
  let rows = 0
  const canonicaliser = new EntriesCanonicaliser((row) => {
    if (rows++ % ROW_BLOCK === 0) rowOffsets.push(offset)
    offset += Buffer.byteLength(row, 'utf8')
    batch += row
  }, maxEntries)
  let total = 0
  const tooLarge = () => invalid(msgDrawFileTooLarge(Math.round(limitBytes / 1024 / 1024)))

  // Peek at the first bytes: an XLSX file is a zip (PK\x03\x04); anything else must be text.
  const iterator = (file as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
  const first = await iterator.next()
  const isXlsx = !first.done && first.value.subarray(0, 4).equals(ZIP_MAGIC)

  async function* sniff() {
    if (first.done) throw invalid(MSG_DRAW_FILE_EMPTY)
    let chunk: Buffer = first.value
    let isFirst = true
    for (;;) {
      total += chunk.length
      if (total > limitBytes) throw tooLarge()
      if (isXlsx) {
        // the zip reader checks its own structure
      } else if (isFirst) {
        const head = chunk.subarray(0, 65_536)
        // Text has no control bytes but tab, LF, CR and FF, and is valid UTF-8 (a cut character at the end aside).
        if (head.some((b) => b < 9 || (b > 13 && b < 32) || b === 11)) throw invalid(MSG_DRAW_FILE_BINARY)
        if (!isUtf8(head.subarray(0, Math.max(0, head.length - 3)))) throw invalid(MSG_DRAW_FILE_BINARY)
      } else if (chunk.indexOf(0) >= 0) throw invalid(MSG_DRAW_FILE_BINARY)
      isFirst = false
      yield chunk
      const next = await iterator.next()
      if (next.done) return
      chunk = next.value
    }
  }

  async function* emit(records: AsyncIterable<{ fields: string[]; line: number }>) {
    for await (const { fields, line } of records) {
      canonicaliser.add(fields, line)
      if (batch.length >= 65_536) {
        const bytes = Buffer.from(batch, 'utf8')
        batch = ''
        hash.update(bytes)
        yield bytes
      }
    }
    canonicaliser.finish()
    if (batch) {
      const bytes = Buffer.from(batch, 'utf8')
      batch = ''
      hash.update(bytes)
      yield bytes
    }
  }

  let stream: Readable
  if (isXlsx) {
    stream = Readable.from(emit(xlsxRecords(Readable.from(sniff()))))
  } else {
    // file → sniff → csv-parse runs beside the canonical writer; an error anywhere ends both.
    const parser = parse({ bom: true, relax_column_count: true, info: true, skip_empty_lines: false })
    const parsing = pipeline(Readable.from(sniff()), parser)
    parsing.catch(() => {})
    stream = Readable.from(emit(csvRecords(parser)))
  }
  try {
    const bytes = await putStream(storage, key, stream)
    return { key, entryCount: canonicaliser.count, entriesHash: hash.digest('hex'), bytes, header: canonicaliser.headerFields ?? [], rowOffsets }
  } catch (error) {
    file.resume()
    await storage.delete(key).catch(() => {})
    if (error instanceof AppError) throw error
    if (error instanceof EntriesError) throw invalid(error.message)
    if (error instanceof CsvError) throw invalid(msgDrawBadCsv(Number((error as unknown as { lines?: number }).lines ?? 0)))
    if (isXlsx) throw invalid(MSG_DRAW_FILE_BINARY)
    const cause = (error as { cause?: unknown }).cause
    if (cause instanceof AppError) throw cause
    throw error
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])

async function* csvRecords(parser: AsyncIterable<{ record: string[]; info: { lines: number } }>) {
  for await (const { record, info } of parser) yield { fields: record, line: info.lines }
}

/** A cell as the text a CSV export of it would hold. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().replace(/T00:00:00\.000Z$/, '')
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[]; hyperlink?: string; error?: string }
    if (v.richText) return v.richText.map((r) => r.text).join('')
    if (v.text !== undefined) return cellText(v.text)
    if (v.result !== undefined) return cellText(v.result)
    if (v.error) return v.error
    return ''
  }
  return String(value)
}

/**
 * The first worksheet of an XLSX file as records, streamed (exceljs's WorkbookReader): the same
 * rows a CSV export gives, so the canonical entries are the same. Trailing empty cells are padded
 * to the header's width, as a CSV export writes them.
 */
async function* xlsxRecords(input: Readable) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore' })
  let width = 0
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<{ number: number; values: unknown[] }>) {
      const cells = Array.from({ length: Math.max(0, row.values.length - 1) }, (_, i) => cellText(row.values[i + 1]))
      if (width === 0) width = cells.length
      while (cells.length < width) cells.push('')
      yield { fields: cells, line: row.number }
    }
    break // the first worksheet only
  }
  for await (const _ of input) {
    // drain the rest of the zip so the upload completes
  }
}

/** Turns a Buffer into a one-chunk stream (tests, small files). */
export const streamOf = (data: Buffer) => Readable.from([data])
