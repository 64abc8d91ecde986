import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import crypto from 'node:crypto'
import { canonicalRow, EntriesCanonicaliser, maskDigits, maskEmail, maskText, merkleLeaf } from '@permitdesk/shared'
import { LocalFileStorage } from '../../storage/storage'
import { ingestEntries } from '../draws/ingest-entries'
import { entriesRootAtCommit, lookupIndexKey, merkleKey, valueIndexKey } from '../draws/proof-index'
import { rowIndexKey } from '../draws/row-index'
import { canonicalAfterNumber, frozenFields } from './canonical-entry'
import { FROZEN_HEADER } from './freeze-entries'
import { rowsAndLeavesOfBinaryCopy, rowsOfBinaryCopy } from './freeze.repository'

type Row = { id: string; name: string | null; email: string | null; phone: string | null; state: string | null; postcode: string | null }

/** The row as the shared rules mask it (the fields of the draw's canonical file). */
const reference = (r: Row) => {
  const v = (x: string | null) => (x ?? '').trim()
  return [r.id, v(r.name) && maskText(v(r.name)), v(r.email) && maskEmail(v(r.email)), v(r.phone) && maskDigits(v(r.phone)), v(r.state), v(r.postcode)]
}

// Plain ASCII (the loops), e-mail-like and phone-like text, and any Unicode (the shared functions).
const text = fc.oneof(
  fc.string(),
  fc.stringMatching(/^ ?[A-Za-z0-9.'"-]{0,6}( {1,2}[a-z@]{0,5}){0,3} ?$/),
  fc.stringMatching(/^[a-z0-9.+]{0,6}@{0,2}[a-z0-9.@ -]{0,10}$/),
  fc.stringMatching(/^\+?[0-9 ()-]{0,14}$/),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
)
const nullable = fc.option(text, { nil: null })

describe('frozenFields', () => {
  it('masks exactly as the shared rules do, for any field values', () => {
    fc.assert(
      fc.property(fc.nat().map(String), nullable, nullable, nullable, nullable, nullable, (id, name, email, phone, state, postcode) => {
        const row = { id, name, email, phone, state, postcode }
        expect(frozenFields(row)).toEqual(reference(row))
      }),
      { numRuns: 5000 },
    )
  })

  it('keeps the examples of the public record', () => {
    expect(frozenFields({ id: '7', name: 'jo  smith', email: 'john@example.com', phone: '0412 345 678', state: 'NSW', postcode: '2000' })).toEqual([
      '7',
      'J. S.',
      'j***@example.com',
      '**** *** 678',
      'NSW',
      '2000',
    ])
  })
})

describe('canonicalAfterNumber (app.entries.canonical, stored at arrival)', () => {
  it('after the entry number is the canonical row of the masked fields, for any field values', () => {
    // Absent fields, strings and booleans as a form stores them (`fields->>'x'` reads a boolean as true/false).
    const field = fc.option(fc.oneof(text, fc.boolean()), { nil: undefined })
    fc.assert(
      fc.property(fc.nat().map(String), field, field, field, field, field, (id, name, email, phone, state, postcode) => {
        const fields = Object.fromEntries(Object.entries({ name, email, phone, state, postcode }).filter(([, v]) => v !== undefined))
        const asText = (v: string | boolean | undefined) => (v === undefined ? null : String(v))
        const row = { id, name: asText(name), email: asText(email), phone: asText(phone), state: asText(state), postcode: asText(postcode) }
        expect(`${id}${canonicalAfterNumber(fields)}`).toBe(`${canonicalRow(reference(row))}\n`)
      }),
      { numRuns: 5000 },
    )
  })

  it('quotes what needs quoting', () => {
    expect(canonicalAfterNumber({ name: 'Zo\u00eb "Ace" O\'Brien, Jr', email: 'jo@example.com', phone: '', consent: true })).toBe(
      ',"Z. "". O. J.",j***@example.com,,,\n',
    )
  })
})

/** A binary COPY stream of one text column, as PostgreSQL writes it. */
function binaryCopy(rows: string[], extension = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(19)
  Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1').copy(header)
  header.writeInt32BE(extension.length, 15)
  const tuples = rows.map((r) => {
    const data = Buffer.from(r, 'utf8')
    const head = Buffer.alloc(6)
    head.writeInt16BE(1, 0)
    head.writeInt32BE(data.length, 2)
    return Buffer.concat([head, data])
  })
  return Buffer.concat([header, extension, ...tuples, Buffer.from([0xff, 0xff])])
}

/** A binary COPY stream of (row, leaf) tuples, as the freeze's query gives them; a null leaf where `leaves[i]` is null. */
function binaryCopyWithLeaves(rows: string[], leaves: (Buffer | null)[]): Buffer {
  const header = Buffer.alloc(19)
  Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1').copy(header)
  const tuples = rows.map((r, i) => {
    const data = Buffer.from(r, 'utf8')
    const head = Buffer.alloc(6)
    head.writeInt16BE(2, 0)
    head.writeInt32BE(data.length, 2)
    const leaf = leaves[i]
    const leafHead = Buffer.alloc(4)
    leafHead.writeInt32BE(leaf ? leaf.length : -1, 0)
    return Buffer.concat([head, data, leafHead, leaf ?? Buffer.alloc(0)])
  })
  return Buffer.concat([header, ...tuples, Buffer.from([0xff, 0xff])])
}

const sha256 = (data: Uint8Array) => new Uint8Array(crypto.createHash('sha256').update(data).digest())

async function drain(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of source) parts.push(Buffer.from(part))
  return Buffer.concat(parts)
}

/** Up to 30 rows of any Unicode, each ending in a newline, as COPY gives the canonical rows. */
const copiedRows = fc.array(
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => `${s}\n`),
  { maxLength: 30 },
)
/** Where the COPY stream arrives cut (positions past its end wrap round). */
const streamCuts = fc.array(fc.nat(), { maxLength: 12 })

async function* chunked(data: Buffer, cuts: number[]) {
  let at = 0
  for (const cut of [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b)) {
    yield data.subarray(at, cut)
    at = cut
  }
  yield data.subarray(at)
}

describe('rowsOfBinaryCopy', () => {
  it('gives the rows back byte for byte however the stream is cut', async () => {
    await fc.assert(
      fc.asyncProperty(copiedRows, streamCuts, fc.uint8Array({ maxLength: 8 }), async (rows, cuts, extension) => {
        const out = await drain(rowsOfBinaryCopy(chunked(binaryCopy(rows, Buffer.from(extension)), cuts)))
        expect(out.toString('utf8')).toBe(rows.join(''))
      }),
      { numRuns: 500 },
    )
  })

  it('batches a million bytes into pieces of about 64 KB, a row longer than a batch included', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `${i},A. B.,a***@example.com,*******123,NSW,2000\n`)
    rows.splice(100, 0, `${'x'.repeat(200_000)}\n`)
    const parts: number[] = []
    let all = ''
    for await (const part of rowsOfBinaryCopy(chunked(binaryCopy(rows), [5, 70_000, 300_000]))) {
      parts.push(part.length)
      all += part.toString('utf8')
    }
    expect(all).toBe(rows.join(''))
    expect(Math.max(...parts)).toBeLessThanOrEqual(200_001 + 65_536)
  })

  it('refuses a null row (an entry without its canonical row) and a stream cut short', async () => {
    const withNull = binaryCopy(['1,a\n'])
    const nulled = Buffer.concat([withNull.subarray(0, withNull.length - 2), Buffer.from([0, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])])
    await expect(drain(rowsOfBinaryCopy(chunked(nulled, [])))).rejects.toThrow('without its canonical row')
    const full = binaryCopy(['1,a\n', '2,b\n'])
    await expect(drain(rowsOfBinaryCopy(chunked(full.subarray(0, full.length - 5), [])))).rejects.toThrow('ended early')
  })
})

describe('rowsAndLeavesOfBinaryCopy (the freeze: rows and the leaves PostgreSQL hashed)', () => {
  it('gives the rows and their leaves back in order however the stream is cut', async () => {
    await fc.assert(
      fc.asyncProperty(copiedRows, streamCuts, async (rows, cuts) => {
        const leaves = rows.map((r) => Buffer.from(merkleLeaf(r.slice(0, -1), sha256)))
        let bytes = ''
        const got: Buffer[] = []
        for await (const batch of rowsAndLeavesOfBinaryCopy(chunked(binaryCopyWithLeaves(rows, leaves), cuts), { leaves: true })) {
          bytes += batch.bytes.toString('utf8')
          got.push(Buffer.from(batch.leaves))
        }
        expect(bytes).toBe(rows.join(''))
        expect(Buffer.concat(got).equals(Buffer.concat(leaves))).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('keeps batches near 64 KB of rows and 4,096 leaves at a million bytes', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => `${i},,,,,\n`)
    const leaves = rows.map((r) => Buffer.from(merkleLeaf(r.slice(0, -1), sha256)))
    let count = 0
    for await (const batch of rowsAndLeavesOfBinaryCopy(chunked(binaryCopyWithLeaves(rows, leaves), [5, 70_000, 300_000]), { leaves: true })) {
      expect(batch.bytes.length).toBeLessThanOrEqual(65_536 + 16)
      expect(batch.leaves.length).toBeLessThanOrEqual(4096 * 32)
      count += batch.leaves.length / 32
    }
    expect(count).toBe(rows.length)
  })

  it('refuses an entry without its leaf, a tuple of the wrong width and a stream cut short', async () => {
    await expect(drain(rowsOfBinaryCopy(chunked(binaryCopyWithLeaves(['1,a\n'], [null]), [])))).rejects.toThrow('2 fields in a tuple, not 1')
    const noLeaf = rowsAndLeavesOfBinaryCopy(chunked(binaryCopyWithLeaves(['1,a\n', '2,b\n'], [Buffer.alloc(32), null]), []), { leaves: true })
    await expect(
      drain(
        (async function* () {
          for await (const b of noLeaf) yield b.bytes
        })(),
      ),
    ).rejects.toThrow('without its leaf')
    const full = binaryCopyWithLeaves(['1,a\n'], [Buffer.alloc(32)])
    const cut = rowsAndLeavesOfBinaryCopy(chunked(full.subarray(0, full.length - 10), []), { leaves: true })
    await expect(
      drain(
        (async function* () {
          for await (const b of cut) yield b.bytes
        })(),
      ),
    ).rejects.toThrow('ended early')
  })
})

describe('ingestEntries with `trusted` (the freeze: the canonical rows as stored, not read again as CSV)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trusted-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  const storage = new LocalFileStorage(dir)

  /** Everything a draw keeps of its entries: the file, hash, count, header, row offsets, row index, proof index and root. */
  async function stored(chunks: Buffer[] | { bytes: Buffer; leaves: Buffer }[], trusted: boolean) {
    const leaves = chunks.length > 0 && !Buffer.isBuffer(chunks[0])
    const s = await ingestEntries(storage, Readable.from(chunks), { limitBytes: Number.MAX_SAFE_INTEGER, trusted, leaves })
    const read = (key: string) => (fs.existsSync(path.join(dir, key)) ? fs.readFileSync(path.join(dir, key)).toString('base64') : null)
    const files = [s.key, rowIndexKey(s.key), merkleKey(s.key), valueIndexKey(s.key), lookupIndexKey(s.key)].map(read)
    const { entriesRoot } = await entriesRootAtCommit(storage, s.key)
    const { key: _key, ...rest } = s
    return { ...rest, files, entriesRoot }
  }

  /** The canonical rows of these entries, as canonicalRow writes them (each with its `\n`). */
  function canonicalRows(entries: string[][]) {
    const rows: string[] = []
    const canonicaliser = new EntriesCanonicaliser((row) => rows.push(row))
    canonicaliser.add([...FROZEN_HEADER], 1)
    entries.forEach((fields, i) => canonicaliser.add(fields, i + 2))
    return rows
  }

  /** The canonical file of these entries, as the freeze streams it: the header, then each row as canonicalRow writes it. */
  function canonicalFile(entries: string[][]) {
    return Buffer.from(`${FROZEN_HEADER.join(',')}\n${canonicalRows(entries).join('')}`, 'utf8')
  }

  /**
   * The same file as the freeze hands it over with `leaves`: the bytes cut at `cuts`, and each row's
   * leaf (as app.entries.leaf holds it) handed with the byte chunks in runs cut at `leafCuts`.
   */
  function withLeaves(entries: string[][], cuts: number[], leafCuts: number[]) {
    const leaves = canonicalRows(entries).map((row) => Buffer.from(merkleLeaf(row.slice(0, -1), sha256)))
    const chunks = cutAt(canonicalFile(entries), cuts)
    const at = [...new Set(leafCuts.map((c) => c % (leaves.length + 1)))].sort((a, b) => a - b)
    const runs = [0, ...at].map((from, i) => Buffer.concat(leaves.slice(from, at[i] ?? leaves.length)))
    const out: { bytes: Buffer; leaves: Buffer }[] = []
    for (let i = 0; i < Math.max(chunks.length, runs.length); i++) out.push({ bytes: chunks[i] ?? Buffer.alloc(0), leaves: runs[i] ?? Buffer.alloc(0) })
    return out
  }

  const cutAt = (bytes: Buffer, cuts: number[]) => {
    const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)
    return [0, ...at].map((from, i) => bytes.subarray(from, at[i] ?? bytes.length)).filter((b) => b.length > 0)
  }

  // Fields with quotes, commas, tabs, line breaks, backslashes, unicode and empty values, however the stream is cut.
  const field = fc.oneof(
    fc.constantFrom('', '"', ',', '\n', '\t', '\\', '""', 'a,"b"\nc', 'Zo\u00eb', '\u{1F600}'),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
  )
  const entry = fc
    .tuple(
      fc.nat().map((n) => String(n + 1)),
      field,
      field,
      field,
      field,
      field,
    )
    .map((t) => [...t])

  it('stores exactly what an upload of the same canonical file stores, for any rows and any cuts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 600 }), fc.array(fc.nat(), { maxLength: 8 }), async (entries, cuts) => {
        const file = canonicalFile(entries)
        const upload = await stored([file], false)
        expect(await stored(cutAt(file, cuts), true)).toEqual(upload)
        expect(upload.entryCount).toBe(entries.length)
      }),
      { numRuns: 25 },
    )
  }, 120_000)

  it('with the leaves PostgreSQL hashed (`leaves`): stores exactly what an upload of the same file stores, for any rows, cuts and leaf runs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 1, maxLength: 600 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (entries, cuts, leafCuts) => {
          const upload = await stored([canonicalFile(entries)], false)
          expect(await stored(withLeaves(entries, cuts, leafCuts), true)).toEqual(upload)
        },
      ),
      { numRuns: 25 },
    )
  }, 120_000)

  it("keeps every 65,536th row's offset and the row index past a quoted line break, at 70,000 rows", async () => {
    const entries = Array.from({ length: 70_000 }, (_, i) => [String(i + 1), 'E. N.', 'e***@example.com', '*******123', 'NSW', '2000'])
    entries[65_535] = [String(65_536), 'Line\nBreak, "Q"', '', '', 'VIC', '3000']
    const file = canonicalFile(entries)
    const trusted = await stored(cutAt(file, [1000, 3_000_000]), true)
    expect(trusted).toEqual(await stored([file], false))
    expect(await stored(withLeaves(entries, [1000, 3_000_000], [5, 65_535, 65_537]), true)).toEqual(trusted)
    expect(trusted.rowOffsets).toHaveLength(2)
  }, 60_000)

  it('refuses a header without rows as an upload does, and an unfinished last row', async () => {
    await expect(
      ingestEntries(storage, Readable.from([Buffer.from(`${FROZEN_HEADER.join(',')}\n`)]), { limitBytes: 1e9, trusted: true }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
    })
    await expect(
      ingestEntries(storage, Readable.from([Buffer.from(`${FROZEN_HEADER.join(',')}\n1,"a\n`)]), { limitBytes: 1e9, trusted: true }),
    ).rejects.toThrow('unfinished')
  })
})
