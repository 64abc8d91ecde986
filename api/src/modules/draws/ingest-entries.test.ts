import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { LocalFileStorage } from '../../storage/storage'
import { ingestEntries } from './ingest-entries'
import { loadRowIndex } from './row-index'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const storage = new LocalFileStorage(dir)

/** The bytes cut into pieces of the given sizes, in turn (a network delivers chunks anywhere). */
function cut(bytes: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = []
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!
    out.push(bytes.subarray(at, at + size))
    at += size
  }
  return out
}

async function ingest(chunks: Buffer[]) {
  const stored = await ingestEntries(storage, Readable.from(chunks), { limitBytes: 10 * 1024 * 1024 })
  const text = fs.readFileSync(path.join(dir, stored.key), 'utf8')
  return { ...stored, text, index: await loadRowIndex(storage, stored.key) }
}

describe('ingestEntries', () => {
  const plain = Array.from({ length: 700 }, (_, i) => `E${i},Name ${i},p${i}@example.com`)
  const canonical = `${plain.join('\n')}\n`

  it('gives the same canonical text, hash and row index however the upload is cut into chunks', async () => {
    const file = Buffer.from(`\uFEFFentryId,name,email\n${plain.join('\n')}\n`)
    const whole = await ingest([file])
    expect(whole.text).toBe(canonical)
    expect(whole.entriesHash).toBe(crypto.createHash('sha256').update(canonical).digest('hex'))
    for (const sizes of [[1], [2, 3], [7, 64, 1], [4096], [100, 5000, 33]]) {
      const pieces = await ingest(cut(file, sizes))
      expect({ text: pieces.text, count: pieces.entryCount, index: pieces.index }, String(sizes)).toEqual({ text: canonical, count: 700, index: whole.index })
    }
  })

  it('hands over to the full CSV reader mid-chunk without losing or repeating a byte', async () => {
    // Plain lines, then a quoted field with a line break: from there csv-parse reads the rest.
    const rows = [...plain.slice(0, 300), 'E300,"Quoted, with\nbreak",q@example.com', ...plain.slice(301), '  E999 , Spaced ,s@example.com']
    const file = Buffer.from(`entryId,name,email\n${rows.join('\n')}\n`)
    const expected = `${[...plain.slice(0, 300), 'E300,"Quoted, with\nbreak",q@example.com', ...plain.slice(301), 'E999,Spaced,s@example.com'].join('\n')}\n`
    const quoted = file.indexOf('E300,"')
    // Cut inside the quoted row: the chunk that completes it goes on past its line break.
    for (const sizes of [[file.length], [1], [3, 50], [61, 7, 1000], [quoted + 8, file.length], [quoted - 5, 10, file.length]]) {
      const stored = await ingest(cut(file, sizes))
      expect(stored.text, String(sizes)).toBe(expected)
      expect(stored.entryCount).toBe(701)
    }
  })
})
