import crypto from 'node:crypto'
import { isUtf8 } from 'node:buffer'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parse, CsvError } from 'csv-parse'
import { AppError, EntriesCanonicaliser, EntriesError, MSG_DRAW_FILE_BINARY, MSG_DRAW_FILE_EMPTY, msgDrawBadCsv, msgDrawFileTooLarge } from '@permitdesk/shared'
import { putStream, type FileStorage } from '../../storage/storage'

/** The most entries one draw holds (issue 15). */
export const MAX_DRAW_ENTRIES = 10_000_000

export type StoredEntries = { key: string; entryCount: number; entriesHash: string; bytes: number; header: string[] }

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
  const canonicaliser = new EntriesCanonicaliser((row) => {
    batch += row
  }, maxEntries)
  let total = 0

  async function* sniff(source: AsyncIterable<Buffer>) {
    let first = true
    for await (const chunk of source) {
      total += chunk.length
      if (total > limitBytes) throw invalid(msgDrawFileTooLarge(Math.round(limitBytes / 1024 / 1024)))
      if (first) {
        first = false
        const head = chunk.subarray(0, 65_536)
        // Text has no control bytes but tab, LF, CR and FF, and is valid UTF-8 (a cut character at the end aside).
        if (head.some((b) => b < 9 || (b > 13 && b < 32) || b === 11)) throw invalid(MSG_DRAW_FILE_BINARY)
        if (!isUtf8(head.subarray(0, Math.max(0, head.length - 3)))) throw invalid(MSG_DRAW_FILE_BINARY)
      } else if (chunk.indexOf(0) >= 0) throw invalid(MSG_DRAW_FILE_BINARY)
      yield chunk
    }
    if (total === 0) throw invalid(MSG_DRAW_FILE_EMPTY)
  }

  async function* canonical(records: AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    for await (const { record, info } of records) {
      canonicaliser.add(record, info.lines)
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

  const parser = parse({ bom: true, relax_column_count: true, info: true, skip_empty_lines: false })
  // file → sniff → csv-parse runs beside the canonical writer; an error anywhere ends both.
  const parsing = pipeline(Readable.from(sniff(file)), parser)
  parsing.catch(() => {})
  const stream = Readable.from(canonical(parser))
  try {
    const bytes = await putStream(storage, key, stream)
    return { key, entryCount: canonicaliser.count, entriesHash: hash.digest('hex'), bytes, header: canonicaliser.headerFields ?? [] }
  } catch (error) {
    file.resume()
    await storage.delete(key).catch(() => {})
    if (error instanceof AppError) throw error
    if (error instanceof EntriesError) throw invalid(error.message)
    if (error instanceof CsvError) throw invalid(msgDrawBadCsv(Number((error as unknown as { lines?: number }).lines ?? 0)))
    const cause = (error as { cause?: unknown }).cause
    if (cause instanceof AppError) throw cause
    throw error
  }
}

/** Turns a Buffer into a one-chunk stream (tests, small files). */
export const streamOf = (data: Buffer) => Readable.from([data])
