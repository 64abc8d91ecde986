import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'
import { csvSafeRow } from '@permitdesk/shared'

const LF = 10
const QUOTE = 34

/**
 * Reads a canonical entries file row by row as bytes, without holding it: a row ends at a `\n`
 * outside quotes (a quoted field may hold a newline). `onRow(index, row)` gets a Buffer that is
 * only valid during the call; return false to stop early, or a promise to wait (backpressure).
 * `wanted` is a hint: rows it declines may be skipped without a call (the run counts rows fast).
 */
export async function eachCanonicalRow(
  stream: Readable,
  onRow: (index: number, row: Buffer) => boolean | void | Promise<boolean | void>,
  { wanted }: { wanted?: (index: number) => boolean } = {},
): Promise<number> {
  let index = 0
  let partial: Buffer[] = []
  let quotes = 0 // quotes seen in the current row so far: odd means inside a quoted field
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let pos = 0
    const hasQuote = chunk.indexOf(QUOTE) >= 0
    if (wanted && !hasQuote && quotes === 0) {
      // Counting only: skip rows nobody wants without making a Buffer per row.
      if (partial.length) {
        const nl = chunk.indexOf(LF)
        if (nl < 0) {
          partial.push(chunk)
          continue
        }
        const row = Buffer.concat([...partial, chunk.subarray(0, nl)])
        partial = []
        if (wanted(index) && (await onRow(index, row)) === false) return index + 1
        index += 1
        pos = nl + 1
      }
      for (;;) {
        const nl = chunk.indexOf(LF, pos)
        if (nl < 0) break
        if (wanted(index)) {
          if ((await onRow(index, chunk.subarray(pos, nl))) === false) return index + 1
        }
        index += 1
        pos = nl + 1
      }
      if (pos < chunk.length) partial.push(chunk.subarray(pos))
      continue
    }
    for (;;) {
      const nl = chunk.indexOf(LF, pos)
      if (nl < 0) {
        if (pos < chunk.length) {
          const rest = chunk.subarray(pos)
          if (hasQuote) quotes += countQuotes(rest)
          partial.push(rest)
        }
        break
      }
      const segment = chunk.subarray(pos, nl)
      if (hasQuote) quotes += countQuotes(segment)
      pos = nl + 1
      if (quotes % 2 === 1) {
        // the newline is inside a quoted field: keep it as part of the row
        partial.push(chunk.subarray(pos - 1 - segment.length, pos))
        continue
      }
      const row = partial.length ? Buffer.concat([...partial, segment]) : segment
      partial = []
      quotes = 0
      let answer = onRow(index++, row)
      if (answer instanceof Promise) answer = await answer
      if (answer === false) return index
    }
  }
  return index
}

function countQuotes(bytes: Buffer): number {
  let n = 0
  let at = bytes.indexOf(QUOTE)
  while (at >= 0) {
    n += 1
    at = bytes.indexOf(QUOTE, at + 1)
  }
  return n
}

/**
 * Writes canonical rows to a CSV export with formula cells neutralised (issue 23: csvSafeRow),
 * in batches and with backpressure; the stored entries are not changed.
 */
export async function writeSafeRows(source: Readable, out: Writable): Promise<void> {
  let batch = ''
  await eachCanonicalRow(source, async (_index, row) => {
    batch += `${csvSafeRow(row.toString('utf8'))}\n`
    if (batch.length < 65_536) return
    const more = out.write(batch)
    batch = ''
    if (!more) await once(out, 'drain')
  })
  if (batch) out.write(batch)
}
