import crypto from 'node:crypto'
import { isUtf8 } from 'node:buffer'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parse, CsvError } from 'csv-parse'
import {
  AppError,
  EntriesCanonicaliser,
  EntriesError,
  MSG_DRAW_FILE_BINARY,
  MSG_DRAW_FILE_EMPTY,
  msgDrawBadCsv,
  msgDrawFileTooLarge,
  msgDrawTooManyEntries,
} from '@permitdesk/shared'
import { putStream, type FileStorage } from '../../storage/storage'
import { deleteProofIndex, storeProofIndex } from './proof-index'
import { MERKLE_BLOCKS_WASM } from './merkle-blocks-wasm'
import { ProofIndexJob } from './proof-index-job'
import { RowIndexBuilder, rowIndexKey, ROW_INDEX_EVERY } from './row-index'

/** The most entries one draw holds (issue 15). */
export const MAX_DRAW_ENTRIES = 10_000_000

export type StoredEntries = {
  key: string
  entryCount: number
  entriesHash: string
  bytes: number
  header: string[]
  rowOffsets: number[]
  rowIndexEvery: number
}

/** Every ROW_BLOCK-th row's byte offset is kept (draws.row_offsets). */
export const ROW_BLOCK = 65_536

/**
 * A chunk of a `leaves` input: canonical bytes, and the Merkle leaves (SHA-256(0x00 ‖ row), 32
 * bytes each) of the next rows in order. The two need not line up: a row may be cut between
 * chunks, and its leaf may come in the chunk before or after; only the order counts.
 */
export type RowsWithLeaves = { bytes: Buffer; leaves: Buffer }

const invalid = (message: string) => new AppError('VALIDATION', message, { modelState: { file: [message] } })

/**
 * Reads an uploaded entries file as a stream (DESIGN.md §5a): refuses binary files, parses the CSV
 * with csv-parse record by record, canonicalises each row and writes the canonical bytes to
 * storage; the proof index's workers hash them (the entries hash, the Merkle blocks) as they pass. Nothing is held in memory beyond a 64 KB batch. On any refusal the
 * partial file is removed, so a bad upload stores nothing.
 */
export async function ingestEntries(
  storage: FileStorage,
  file: Readable,
  {
    limitBytes,
    maxEntries = MAX_DRAW_ENTRIES,
    trusted = false,
    leaves = false,
  }: {
    limitBytes: number
    maxEntries?: number
    /**
     * The bytes are already the canonical file: its header line, then rows exactly as
     * canonicalRow writes them, each ending in `\n` (the entries freeze, from rows the product
     * canonicalised at arrival). They are hashed, indexed and stored as they come, not read again
     * as CSV (one quoted row sent an upload's whole rest through csv-parse: 8 s instead of 2 s at a
     * million rows). Never for a person's upload: its bytes are checked line by line.
     */
    trusted?: boolean
    /**
     * With `trusted` only: `file` yields RowsWithLeaves, each row's leaf already hashed (the entries
     * freeze: PostgreSQL hashes it as each entry arrives), so the proof index's roots worker hashes
     * only the levels above the leaves (ProofIndexJob `leaves`). The file hash, row index and value
     * table come from the bytes as always; the job refuses leaves that are not one per row.
     */
    leaves?: boolean
  },
): Promise<StoredEntries> {
  const key = `draws/entries/${crypto.randomUUID()}.csv`
  let batch = ''
  const rowOffsets: number[] = []
  const rowIndex = new RowIndexBuilder()
  let offset = 0
  let rows = 0
  const canonicaliser = new EntriesCanonicaliser((row) => {
    rowIndex.row(offset)
    if (rows++ % ROW_BLOCK === 0) rowOffsets.push(offset)
    offset += Buffer.byteLength(row, 'utf8')
    batch += row
  }, maxEntries)
  let total = 0
  const tooLarge = () => invalid(msgDrawFileTooLarge(Math.round(limitBytes / 1024 / 1024)))

  if (leaves && !trusted) throw new Error('ingestEntries: leaves only with trusted bytes')
  /** Leaves read before the proof job started (the peek below), then where they go. */
  const earlyLeaves: Buffer[] = []
  let leafSink: ((leaves: Buffer) => Promise<void>) | undefined
  async function* splitLeaves(source: AsyncIterable<RowsWithLeaves>) {
    for await (const { bytes, leaves: hashed } of source) {
      if (hashed.length > 0) {
        if (leafSink) await leafSink(hashed)
        else earlyLeaves.push(hashed)
      }
      if (bytes.length > 0) yield bytes
    }
  }

  // Peek at the first bytes: an XLSX file is a zip (PK\x03\x04); anything else must be text.
  const iterator = leaves ? splitLeaves(file as AsyncIterable<RowsWithLeaves>)[Symbol.asyncIterator]() : (file as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
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
        // Text has no control bytes but tab, LF, CR and FF, and is valid UTF-8 (a character cut at the end aside).
        if (head.some((b) => b < 9 || (b > 13 && b < 32) || b === 11)) throw invalid(MSG_DRAW_FILE_BINARY)
        if (!isUtf8(wholeCharacters(head))) throw invalid(MSG_DRAW_FILE_BINARY)
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
        yield bytes
      }
    }
    canonicaliser.finish()
    if (batch) {
      const bytes = Buffer.from(batch, 'utf8')
      batch = ''
      yield bytes
    }
  }

  function* flushBatch() {
    if (!batch) return
    const bytes = Buffer.from(batch, 'utf8')
    batch = ''
    yield bytes
  }

  /**
   * CSV: most entry files are plain (no quotes, no CR, no spaces around commas), and their lines
   * are already canonical; those runs of lines are hashed and written as they came, checked 16
   * bytes at a time in the WebAssembly module (fastLineReader). Any other line is canonicalised field by field, and from the first quote
   * or CR on, csv-parse reads the rest of the file (the two give the same canonical text: the unit
   * tests hold the shared reader to csv-parse's records on the vectors).
   */
  async function* csv() {
    const source = sniff()[Symbol.asyncIterator]()
    let carry: Buffer | null = null
    /** The rest of a chunk whose first line completed the carried one: read next, in place. */
    let pending: Buffer | null = null
    let line = 0
    let started = false
    let commas = -1 // the header's commas, once the header is read
    const fast = fastLineReader()
    for (;;) {
      const next: IteratorResult<Buffer> = pending ? { done: false, value: pending } : await source.next()
      pending = null
      let data: Buffer
      if (next.done) {
        if (!carry || carry.length === 0) break
        data = Buffer.concat([carry, NEWLINE])
      } else if (carry && carry.length > 0) {
        // Only the unfinished line is joined with the start of the next chunk (up to its first
        // line break); the rest of that chunk is read in place, not copied.
        const nl = next.value.indexOf(10)
        if (nl < 0 || nl === next.value.length - 1) data = Buffer.concat([carry, next.value])
        else {
          data = Buffer.concat([carry, next.value.subarray(0, nl + 1)])
          pending = next.value.subarray(nl + 1)
        }
      } else data = next.value
      carry = null
      if (!started) {
        if (data.length < 3 && !next.done) {
          carry = data
          continue
        }
        started = true
        if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) data = data.subarray(3)
      }
      const lastNl = data.lastIndexOf(10)
      if (lastNl < 0) {
        carry = data
        if (next.done) break
        continue
      }
      if (!next.done) carry = data.subarray(lastNl + 1)
      let pos = 0
      let runStart = 0
      let loaded = false
      while (pos <= lastNl) {
        if (commas >= 0) {
          // Lines already canonical pass as they came; the module finds how many follow (fastLines).
          if (!loaded) fast.load(data, lastNl + 1)
          loaded = true
          for (;;) {
            const ends = fast.lines(pos, lastNl + 1, commas)
            for (let k = 0; k < ends.length; k++) {
              const end = ends[k]!
              line += 1
              rowIndex.row(offset)
              if (rows++ % ROW_BLOCK === 0) rowOffsets.push(offset)
              offset += end - pos
              if (++canonicaliser.count > maxEntries) throw new EntriesError(msgDrawTooManyEntries(maxEntries), line)
              pos = end
            }
            if (ends.length < FAST_LINES_AT_ONCE) break
          }
          if (pos > lastNl) continue
        }
        // A line that is not canonical as it stands (or the header): read field by field.
        const nl = data.indexOf(10, pos)
        line += 1
        if (pos > runStart) {
          yield* flushBatch()
          yield data.subarray(runStart, pos)
        }
        const text = data.toString('utf8', pos, nl)
        if (text.includes('"') || text.includes('\r')) {
          // From here on csv-parse reads the file, this line included.
          const rest = data.subarray(pos) // to the end of the chunk, the unfinished line included
          const lineOffset = line - 1
          const parser = parse({ relax_column_count: true, info: true, skip_empty_lines: false, record_delimiter: ['\r\n', '\n', '\r'] })
          const after = pending
          pending = null
          async function* restBytes() {
            yield rest
            if (after) yield after
            if (next.done) return
            for (;;) {
              const more = await source.next()
              if (more.done) return
              yield more.value
            }
          }
          const parsing = pipeline(Readable.from(restBytes()), parser)
          parsing.catch(() => {})
          try {
            for await (const { fields, line: at } of csvRecords(parser)) {
              canonicaliser.add(fields, at + lineOffset)
              if (batch.length >= 65_536) yield* flushBatch()
            }
            await parsing
          } catch (error) {
            if (error instanceof CsvError) throw new EntriesError(msgDrawBadCsv(Number((error as unknown as { lines?: number }).lines ?? 0) + lineOffset))
            throw error
          }
          canonicaliser.finish()
          yield* flushBatch()
          return
        }
        canonicaliser.add(text.split(','), line)
        if (commas < 0 && canonicaliser.headerFields) commas = canonicaliser.headerFields.length - 1
        if (batch.length >= 65_536) yield* flushBatch()
        pos = nl + 1
        runStart = pos
      }
      if (lastNl + 1 > runStart) {
        yield* flushBatch()
        yield data.subarray(runStart, lastNl + 1)
      }
      if (next.done) break
    }
    canonicaliser.finish()
    yield* flushBatch()
  }

  /**
   * `trusted`: the header line is checked as any header; each row after it is only found (where it
   * starts, for the row index: a line break inside a quoted field does not end it), counted and
   * passed on as it came (the proof index's worker hashes it, as every canonical byte).
   */
  async function* trustedRows() {
    let header: Buffer | null = Buffer.alloc(0)
    let quoted = false
    let rowStarts = true
    let last = -1
    for await (const chunk of sniff()) {
      let pos = 0
      if (header) {
        const nl = chunk.indexOf(10)
        header = Buffer.concat([header, nl < 0 ? chunk : chunk.subarray(0, nl)])
        if (nl < 0) continue
        canonicaliser.add(header.toString('utf8').split(','), 1)
        header = null
        pos = nl + 1
      }
      if (pos === chunk.length) continue
      const base = offset - pos
      let nextQuote = chunk.indexOf(34, pos)
      if (nextQuote < 0) nextQuote = chunk.length
      for (let at = pos; at < chunk.length; ) {
        if (rowStarts) {
          rowIndex.row(base + at)
          if (rows++ % ROW_BLOCK === 0) rowOffsets.push(base + at)
          if (++canonicaliser.count > maxEntries) throw new EntriesError(msgDrawTooManyEntries(maxEntries), canonicaliser.count + 1)
        }
        const nl = chunk.indexOf(10, at)
        const end = nl < 0 ? chunk.length : nl + 1
        while (nextQuote < end) {
          quoted = !quoted
          nextQuote = chunk.indexOf(34, nextQuote + 1)
          if (nextQuote < 0) nextQuote = chunk.length
        }
        rowStarts = nl >= 0 && !quoted
        at = end
      }
      offset += chunk.length - pos
      last = chunk[chunk.length - 1]!
      yield pos === 0 ? chunk : chunk.subarray(pos)
    }
    if (quoted || (last !== -1 && last !== 10)) throw new Error('trusted entries: the last row is unfinished')
    canonicaliser.finish()
  }

  /** The canonical bytes on their way to storage also go to the proof index's worker (issue 23). */
  async function* indexed(canonical: AsyncIterable<Buffer>) {
    for await (const bytes of canonical) {
      await proof.add(bytes)
      yield bytes
    }
  }

  // The Merkle block roots and the value table are built while the file arrives, on another core,
  // so the commit finds them done (a second pass over the file at the commit took most of its time).
  const proof = ProofIndexJob.start({ leaves })
  const stream = Readable.from(indexed(isXlsx ? emit(xlsxRecords(Readable.from(sniff()))) : trusted ? trustedRows() : csv()))
  try {
    // In order: the leaves read with the peek, then each as it is read.
    for (const early of earlyLeaves.splice(0)) await proof.addLeaves(early)
    leafSink = (hashed) => proof.addLeaves(hashed)
    const bytes = await putStream(storage, key, stream)
    await rowIndex.save(storage, key)
    const files = await proof.finish()
    if (files.rows !== canonicaliser.count) throw new Error(`proof index counted ${files.rows} rows of ${canonicaliser.count}`)
    if (files.rows > 0) await storeProofIndex(storage, key, files)
    return {
      key,
      entryCount: canonicaliser.count,
      entriesHash: files.entriesHash,
      bytes,
      header: canonicaliser.headerFields ?? [],
      rowOffsets,
      rowIndexEvery: ROW_INDEX_EVERY,
    }
  } catch (error) {
    file.resume()
    await storage.delete(key).catch(() => {})
    await storage.delete(rowIndexKey(key)).catch(() => {})
    await deleteProofIndex(storage, key)
    if (error instanceof AppError) throw error
    if (error instanceof EntriesError) throw invalid(error.message)
    if (error instanceof CsvError) throw invalid(msgDrawBadCsv(Number((error as unknown as { lines?: number }).lines ?? 0)))
    if (isXlsx) throw invalid(MSG_DRAW_FILE_BINARY)
    const cause = (error as { cause?: unknown }).cause
    if (cause instanceof AppError) throw cause
    throw error
  } finally {
    await proof.dispose()
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])

/**
 * The bytes up to the last whole UTF-8 character: a chunk may end inside one. (Dropping the last
 * three bytes instead also cut whole characters: a file ending in "é\r\n" was refused as binary.)
 */
function wholeCharacters(bytes: Buffer): Buffer {
  let start = bytes.length - 1
  while (start > 0 && bytes.length - start < 4 && (bytes[start]! & 0xc0) === 0x80) start -= 1
  const lead = bytes[start] ?? 0
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1
  return bytes.length - start < length ? bytes.subarray(0, start) : bytes
}

/** Lines the module checks per call (the ends it writes). */
const FAST_LINES_AT_ONCE = 4096
let fastModule: WebAssembly.Module | undefined

/**
 * The upload's fast path in the WebAssembly module (fastLines of api/wasm/merkle-blocks.ts): `load`
 * a chunk's whole lines into the module's memory once, then `lines(from, end, commas)` answers the
 * ends (after each `\n`) of the lines from `from` on that are canonical as they stand, up to the
 * first that is not. One instance per upload: two uploads' chunks interleave on this thread. The
 * answer is a view that the next call overwrites.
 */
function fastLineReader() {
  fastModule ??= new WebAssembly.Module(Buffer.from(MERKLE_BLOCKS_WASM, 'base64'))
  const wasm = new WebAssembly.Instance(fastModule).exports as unknown as {
    memory: WebAssembly.Memory
    scratchStart(): number
    fastLines(data: number, from: number, end: number, commas: number, ends: number, most: number): number
  }
  const endsAt = wasm.scratchStart()
  const dataAt = endsAt + FAST_LINES_AT_ONCE * 4
  return {
    load(data: Buffer, length: number) {
      const need = dataAt + length
      const size = wasm.memory.buffer.byteLength
      if (need > size) wasm.memory.grow(Math.ceil((need - size) / 65_536))
      new Uint8Array(wasm.memory.buffer, dataAt, length).set(data.subarray(0, length))
    },
    lines(from: number, end: number, commas: number): Uint32Array {
      const count = wasm.fastLines(dataAt, from, end, commas, endsAt, FAST_LINES_AT_ONCE)
      return new Uint32Array(wasm.memory.buffer, endsAt, count)
    },
  }
}
const NEWLINE = Buffer.from('\n')

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
  // Loaded on the first spreadsheet, not at every server start (issue 29).
  const { default: ExcelJS } = await import('exceljs')
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  })
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
