import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { EntriesCanonicaliser } from '@permitdesk/shared'
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
  }, 30_000) // six uploads, one of them a byte per chunk: over the default 5 s on a loaded 2-core machine

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

  /**
   * The reference: the whole file read at once by csv-parse (the general reader) and canonicalised
   * by shared's EntriesCanonicaliser; the canonical text, or the refusal's message.
   */
  function reference(file: Buffer): { text: string; count: number } | { error: string } {
    let text = ''
    try {
      const canonicaliser = new EntriesCanonicaliser((row) => (text += row))
      // Lines as an editor counts them, as the upload's reader names them (csv-parse's info).
      const records = parse(file, {
        bom: true,
        info: true,
        relax_column_count: true,
        skip_empty_lines: false,
        record_delimiter: ['\r\n', '\n', '\r'],
      }) as unknown as { record: string[]; info: { lines: number } }[]
      for (const { record, info } of records) canonicaliser.add(record, info.lines)
      canonicaliser.finish()
      return { text, count: canonicaliser.count }
    } catch (error) {
      return { error: (error as Error).message }
    }
  }

  async function outcome(chunks: Buffer[]): Promise<{ text: string; count: number } | { error: string }> {
    try {
      const stored = await ingest(chunks)
      expect(stored.entriesHash).toBe(crypto.createHash('sha256').update(stored.text).digest('hex'))
      await storage.delete(stored.key)
      return { text: stored.text, count: stored.entryCount }
    } catch (error) {
      return { error: (error as Error).message }
    }
  }

  it('reads any file as the general reader does, plain lines (the fast path) and others mixed, cut into chunks anywhere', async () => {
    // Fields that pass as they stand beside every kind that needs canonicalising: spaces and
    // Unicode spaces at an edge, Unicode inside, quotes, commas and line breaks in quoted fields,
    // empty fields; lines ending in LF or CRLF.
    const field = fc.oneof(
      { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9@.]{1,8}$/) },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '',
          ' a',
          'b ',
          '\u00a0c',
          'd\u00a0',
          'é',
          'x é y',
          '😀',
          '\u2028',
          '\t',
          'x\ty',
          '"q, r"',
          '"say ""hi"""',
          '"two\nlines"',
          '"cr\r\nlf"',
          '" padded "',
        ),
      },
    )
    const row = fc.tuple(field, field, field).map((fields) => fields.join(','))
    const file = fc
      .record({
        rows: fc.array(fc.oneof({ weight: 8, arbitrary: row }, { weight: 1, arbitrary: fc.constantFrom('', ',,', 'only,two') }), {
          minLength: 1,
          maxLength: 40,
        }),
        crlf: fc.array(fc.boolean(), { minLength: 41, maxLength: 41 }),
        bom: fc.boolean(),
      })
      .map(({ rows, crlf, bom }) => Buffer.from(`${bom ? '\uFEFF' : ''}entryId,name,email\n${rows.map((r, i) => `${r}${crlf[i] ? '\r\n' : '\n'}`).join('')}`))
    await fc.assert(
      fc.asyncProperty(file, fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 4 }), async (bytes, sizes) => {
        const expected = reference(bytes)
        expect(await outcome([bytes])).toEqual(expected)
        expect(await outcome(cut(bytes, sizes)), String(sizes)).toEqual(expected)
      }),
      { numRuns: 100 },
    )
  }, 120_000)

  it('reads a file cut at every position as it reads it whole', async () => {
    const file = Buffer.from('entryId,name,email\nE1,Jo,jo@example.com\nE2, Spaced ,s@example.com\r\nE3,é,x\nE4,"q, r",y\nE5,plain,z\n')
    const whole = await outcome([file])
    expect(whole).toEqual(reference(file))
    for (let at = 1; at < file.length; at++) expect(await outcome([file.subarray(0, at), file.subarray(at)]), String(at)).toEqual(whole)
  }, 60_000)
})
