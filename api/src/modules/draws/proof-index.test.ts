import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { merkleLeaf, merkleRootOf, parseCanonicalRow, toHex, verifyInclusion } from '@permitdesk/shared'
import vectors from '../../../../shared/src/draws/draw-vectors.json'
import { LocalFileStorage } from '../../storage/storage'
import { blockRowsOf, buildProofIndex, candidateRows, loadTopLevels, proofOf, PROOF_BLOCK, topLevels, valueIndexKey, valueKey } from './proof-index'
import { ProofIndexJob, ProofWorkerPool } from './proof-index-job'
import { RowIndexBuilder } from './row-index'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proof-index-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const storage = new LocalFileStorage(dir)
const sha256 = (data: Uint8Array) => new Uint8Array(crypto.createHash('sha256').update(data).digest())
const webSha256 = async (data: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', data))

/**
 * A CSV row of 1–5 fields: lengths around SHA-256's block edges (a message of 55 bytes pads into
 * one block, 56 into two), quoted fields with commas, quotes and newlines, any Unicode, and `extra`.
 */
const csvRow = (...extra: string[]) =>
  fc
    .array(
      fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 12 }).map((f) => (/[,"\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)),
        fc.constantFrom('"a,b"', '"say ""hi"""', '"two\nlines"', 'x'.repeat(54), 'y'.repeat(63), ...extra),
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((fields) => fields.join(','))

/** A finished job's files, its value table read out whole. */
async function finished(job: ProofIndexJob) {
  const files = await job.finish()
  const table: Uint8Array[] = []
  for await (const part of files.table) table.push(part)
  return { ...files, table: Buffer.concat(table) }
}

/** Stores canonical rows as the upload does (the file and its row index); the key. */
async function store(rows: string[]): Promise<string> {
  const key = `draws/entries/${crypto.randomUUID()}.csv`
  const index = new RowIndexBuilder()
  let offset = 0
  for (const row of rows) {
    index.row(offset)
    offset += Buffer.byteLength(row) + 1
  }
  await storage.put(key, Buffer.from(rows.map((row) => `${row}\n`).join('')))
  await index.save(storage, key)
  return key
}

/** What the lookup answers for entry `index`: its proof through the stored block and the cached levels. */
async function proofFor(key: string, index: number) {
  const block = Math.floor(index / PROOF_BLOCK)
  const rows = (await blockRowsOf(storage, key, block))!
  return proofOf((await loadTopLevels(storage, key))!, index, rows)
}

describe('the proof index of a committed entries file', () => {
  it('gives the entries root of the test vectors', async () => {
    for (const vector of vectors.vectors.filter((v) => 'entriesRoot' in v)) {
      const rows = (vector.canonicalEntries as string).split('\n').slice(0, -1)
      const key = await store(rows)
      expect((await buildProofIndex(storage, key)).entriesRoot, vector.name).toBe(vector.entriesRoot)
    }
  }, 30_000)

  it('gives the root of the shared implementation, and proofs the browser-side verifier accepts, for any count across blocks (odd nodes carried)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 * PROOF_BLOCK + 7 }),
        fc.string({ minLength: 0, maxLength: 12 }).filter((s) => !/[,"\r\n]/.test(s)),
        fc.nat(),
        async (count, salt, pick) => {
          const rows = Array.from({ length: count }, (_, i) => `E${i + 1},${salt}${i},p${i}@example.com`)
          const key = await store(rows)
          const { entriesRoot } = await buildProofIndex(storage, key)
          // The second implementation: shared's level-by-level tree over every leaf.
          expect(entriesRoot).toBe(
            toHex(
              merkleRootOf(
                rows.map((row) => merkleLeaf(row, sha256)),
                sha256,
              ),
            ),
          )
          const index = pick % count
          const proof = await proofFor(key, index)
          expect(await verifyInclusion({ row: rows[index]!, proof, root: entriesRoot }, webSha256)).toBe(true)
          // A proof does not prove another row.
          if (count > 1) expect(await verifyInclusion({ row: rows[(index + 1) % count]!, proof, root: entriesRoot }, webSha256)).toBe(false)
        },
      ),
      { numRuns: 15 },
    )
  }, 120_000)

  /** The block roots and value records the worker builds from `rows`, handed over in pieces cut at `cuts`. */
  async function indexOf(rows: Buffer[], cuts: number[] = [], bucketBytes?: number) {
    const bytes = Buffer.concat(rows.flatMap((row) => [row, Buffer.from('\n')]))
    const job = ProofIndexJob.start({ bucketBytes })
    try {
      let at = 0
      for (const cut of [...cuts.map((c) => c % (bytes.length + 1))].sort((a, b) => a - b)) {
        await job.add(bytes.subarray(at, cut))
        at = cut
      }
      await job.add(bytes.subarray(at))
      return await finished(job)
    } finally {
      await job.dispose()
    }
  }

  it('hashes blocks in WebAssembly exactly as the shared reference tree does, for any rows, count and chunking', async () => {
    // Counts across batches.
    const row = csvRow('z'.repeat(119))
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 17 * PROOF_BLOCK + 3 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (pool, count, cuts) => {
          const rows = Array.from({ length: count }, (_, i) => Buffer.from(`${pool[i % pool.length]!},${i}`))
          const { blockRoots, rows: counted } = await indexOf(rows, cuts)
          expect(counted).toBe(count)
          expect(blockRoots.length).toBe(Math.ceil(count / PROOF_BLOCK) * 32)
          const root = merkleRootOf(
            rows.map((row) => merkleLeaf(row, sha256)),
            sha256,
          )
          expect(toHex(topLevels(blockRoots).at(-1)!)).toBe(toHex(root))
        },
      ),
      { numRuns: 25 },
    )
  }, 120_000)

  /** As indexOf, the rows' leaves handed over apart (ProofIndexJob `leaves`, as the entries freeze does), cut at `leafCuts` (in leaves). */
  async function indexWithLeaves(rows: Buffer[], leaves: Uint8Array[], cuts: number[] = [], leafCuts: number[] = []) {
    const bytes = Buffer.concat(rows.flatMap((row) => [row, Buffer.from('\n')]))
    const all = Buffer.concat(leaves)
    const job = ProofIndexJob.start({ leaves: true })
    try {
      const byteAt = [...cuts.map((c) => c % (bytes.length + 1)), bytes.length].sort((a, b) => a - b)
      const leafAt = [...leafCuts.map((c) => (c % (leaves.length + 1)) * 32), all.length].sort((a, b) => a - b)
      // Bytes and leaves interleaved, neither waiting for the other to line up (the freeze's batches cut rows anywhere).
      let b = 0
      let l = 0
      for (let k = 0; k < Math.max(byteAt.length, leafAt.length); k++) {
        if (k < leafAt.length) await job.addLeaves(all.subarray(l, (l = leafAt[k]!)))
        if (k < byteAt.length) await job.add(bytes.subarray(b, (b = byteAt[k]!)))
      }
      return await finished(job)
    } finally {
      await job.dispose()
    }
  }

  it('builds the same block roots, value table and entries hash from leaves hashed elsewhere as from the rows, for any rows, count and cuts', async () => {
    const row = csvRow('""', '')
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 30 }),
        // Across the workers' batches of 16 blocks (4,096 rows), an odd last block included.
        fc.oneof(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 4_000, max: 17 * PROOF_BLOCK + 3 })),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (pool, count, cuts, leafCuts) => {
          const rows = Array.from({ length: count }, (_, i) => Buffer.from(`${i + 1},${pool[i % pool.length]!}`))
          const leaves = rows.map((r) => merkleLeaf(r, sha256))
          const fromRows = await indexOf(rows, cuts)
          const fromLeaves = await indexWithLeaves(rows, leaves, cuts, leafCuts)
          expect(fromLeaves.rows).toBe(count)
          expect(Buffer.from(fromLeaves.blockRoots).equals(Buffer.from(fromRows.blockRoots))).toBe(true)
          expect(fromLeaves.table.equals(fromRows.table)).toBe(true)
          expect(fromLeaves.entriesHash).toBe(fromRows.entriesHash)
          expect(toHex(topLevels(Buffer.from(fromLeaves.blockRoots)).at(-1)!)).toBe(toHex(merkleRootOf(leaves, sha256)))
        },
      ),
      { numRuns: 20 },
    )
  }, 240_000)

  it('refuses leaves that are not one per row (a leaf missing, one too many)', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => Buffer.from(`${i + 1},a`))
    const leaves = rows.map((r) => merkleLeaf(r, sha256))
    await expect(indexWithLeaves(rows, leaves.slice(1))).rejects.toThrow('counted')
    await expect(indexWithLeaves(rows, [...leaves, leaves[0]!])).rejects.toThrow('counted')
    const job = ProofIndexJob.start()
    await expect(job.addLeaves(leaves[0]!)).rejects.toThrow('not started with leaves')
    await job.dispose()
  }, 60_000)

  it('puts every non-empty value of every row in the value table, for any rows (quoted, Unicode)', async () => {
    const field = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }).map((f) => (/[,"\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)),
      fc.constantFrom('"a,b"', '"say ""hi"""', '"two\nlines"', '""'),
    )
    const row = fc.array(field, { minLength: 1, maxLength: 5 }).map((fields) => fields.join(','))
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 30 }), async (rows) => {
        const key = await store(rows)
        await buildProofIndex(storage, key)
        for (const [index, text] of rows.entries()) {
          for (const value of parseCanonicalRow(text)) if (value !== '') expect(await candidateRows(storage, key, value), value).toContain(index)
        }
      }),
      { numRuns: 20 },
    )
  }, 120_000)

  /** The slotted value table written in plain code: the slots' offsets, then each slot's records in row order. */
  function referenceTable(rows: Buffer[]): Buffer {
    const slots = new Map<number, Buffer[]>()
    rows.forEach((row, index) => {
      for (const value of parseCanonicalRow(row.toString('utf8'))) {
        if (value === '') continue
        const [a, b] = valueKey(value)
        const record = Buffer.alloc(12)
        record.writeUInt32BE(a, 0)
        record.writeUInt32BE(b, 4)
        record.writeUInt32BE(index, 8)
        const slot = a >>> 16
        if (!slots.has(slot)) slots.set(slot, [])
        slots.get(slot)!.push(record)
      }
    })
    const header = Buffer.alloc((65_536 + 1) * 8)
    let offset = header.length
    const records: Buffer[] = []
    for (let slot = 0; slot <= 65_536; slot++) {
      header.writeDoubleLE(offset, slot * 8)
      const held = slots.get(slot) ?? []
      records.push(...held)
      offset += held.length * 12
    }
    return Buffer.concat([header, ...records])
  }

  it('writes the value table byte for byte as plain code does, for any rows (quoted, CRLF, Unicode), count and chunking (buckets spilled)', async () => {
    // The module splits the rows, keys the values, distributes them into buckets and sorts each
    // bucket into slots; the reference does each step the slow, obvious way.
    const field = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }).map((f) => (/[,"\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)),
      fc.constantFrom('"a,b"', '"say ""hi"""', '"two\nlines"', '"cr\r\nlf"', '""', ''),
    )
    const row = fc.array(field, { minLength: 1, maxLength: 5 }).map((fields) => fields.join(','))
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 30 }),
        fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 2_000, max: 20_000 })),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (pool, count, cuts) => {
          const rows = Array.from({ length: count }, (_, i) => Buffer.from(`${pool[i % pool.length]!},${i}`))
          // Buffers of two to twenty records: every bucket spills to its file, many times.
          const { table, rows: counted } = await indexOf(rows, cuts, 12 * (2 + (count % 19)))
          expect(counted).toBe(count)
          expect(table.equals(referenceTable(rows))).toBe(true)
        },
      ),
      { numRuns: 12 },
    )
  }, 240_000)

  it('splits rows at every chunk cut as a whole file does (a cut inside a quoted newline, a doubled quote, a CRLF)', async () => {
    const rows = ['E1,"a\nb",x', 'E2,"say ""hi""",y', 'E3,"cr\r\nlf",z', 'E4,plain,"\n"'].map((row) => Buffer.from(row))
    const whole = await indexOf(rows)
    const length = Buffer.concat(rows.flatMap((row) => [row, Buffer.from('\n')])).length
    for (let cut = 0; cut <= length; cut++) {
      const cutAt = await indexOf(rows, [cut], 24)
      expect(cutAt.rows).toBe(rows.length)
      expect(cutAt.blockRoots.equals(whole.blockRoots)).toBe(true)
      expect(cutAt.table.equals(whole.table)).toBe(true)
    }
    expect(whole.table.equals(referenceTable(rows))).toBe(true)
  }, 60_000)

  it('grows its memory for a row longer than its buffer, and hands a chunk longer than its ring over in parts', async () => {
    const rows = [Buffer.from('E1,short'), Buffer.alloc(9 << 20, 'y'), Buffer.from('E3,after')]
    const root = merkleRootOf(
      rows.map((row) => merkleLeaf(row, sha256)),
      sha256,
    )
    expect(toHex((await indexOf(rows, [5, 100_000])).blockRoots)).toBe(toHex(root))
  })

  it('indexes the values of quoted fields unquoted, as a lookup asks for them', async () => {
    const rows = ['E1,"Smith, Jo",jo@example.com', 'E2,"say ""hi""","two\nlines"', 'E3,,plain'].map((row) => Buffer.from(row))
    const key = await store(rows.map((row) => row.toString()))
    await buildProofIndex(storage, key)
    expect(await candidateRows(storage, key, 'Smith, Jo')).toEqual([0])
    expect(await candidateRows(storage, key, 'say "hi"')).toEqual([1])
    expect(await candidateRows(storage, key, 'two\nlines')).toEqual([1])
    expect(await candidateRows(storage, key, 'plain')).toEqual([2])
    expect(await candidateRows(storage, key, '"say ""hi"""')).toEqual([])
  })

  it('finds each value of a row through its bucket, and nothing for a value no row holds', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => `E${i + 1},Name ${i},p${i}@example.com`)
    const key = await store(rows)
    await buildProofIndex(storage, key)
    expect(await candidateRows(storage, key, 'p777@example.com')).toEqual([777])
    expect(await candidateRows(storage, key, 'E778')).toEqual([777])
    expect(await candidateRows(storage, key, 'nobody@example.com')).toEqual([])
    // Every value of every row is found at its row, whatever slot it falls in.
    for (let i = 0; i < rows.length; i += 37) expect(await candidateRows(storage, key, `Name ${i}`)).toEqual([i])
  }, 30_000)

  it('finds values when the table outgrows its buffers and spills to files (150,000 rows)', async () => {
    const rows = Array.from({ length: 150_000 }, (_, i) => `E${i + 1},Name ${i},p${i}@example.com`)
    const key = await store(rows)
    await buildProofIndex(storage, key)
    for (let i = 0; i < rows.length; i += 4_999) {
      expect(await candidateRows(storage, key, `p${i}@example.com`)).toEqual([i])
      expect(await candidateRows(storage, key, `E${i + 1}`)).toEqual([i])
    }
    expect(await candidateRows(storage, key, 'p150000@example.com')).toEqual([])
  }, 60_000)

  it('still reads the 256-bucket table of draws committed before slots', async () => {
    const rows = ['E1,Jo Smith,jo@example.com', 'E2,Ann Lee,ann@example.com']
    const key = await store(rows)
    // The earlier layout, written by hand: 257 offsets (float64 LE), then the buckets' records.
    const buckets = Array.from({ length: 256 }, () => [] as Buffer[])
    rows.forEach((row, index) => {
      for (const field of row.split(',')) {
        const [a, b] = valueKey(field)
        const record = Buffer.alloc(12)
        record.writeUInt32BE(a, 0)
        record.writeUInt32BE(b, 4)
        record.writeUInt32BE(index, 8)
        buckets[a >>> 24]!.push(record)
      }
    })
    const header = Buffer.alloc(257 * 8)
    let offset = header.length
    buckets.forEach((records, bucket) => {
      header.writeDoubleLE(offset, bucket * 8)
      offset += records.length * 12
    })
    header.writeDoubleLE(offset, 256 * 8)
    await storage.put(valueIndexKey(key), Buffer.concat([header, ...buckets.flat()]))
    expect(await candidateRows(storage, key, 'ann@example.com')).toEqual([1])
    expect(await candidateRows(storage, key, 'nobody@example.com')).toEqual([])
  })
})

describe('the proof index workers (one pool per process)', () => {
  const rows = Array.from({ length: 3 * PROOF_BLOCK + 5 }, (_, i) => Buffer.from(`E${i + 1},Name ${i},p${i}@example.com`))
  const bytes = Buffer.concat(rows.flatMap((row) => [row, Buffer.from('\n')]))
  const root = toHex(
    merkleRootOf(
      rows.map((row) => merkleLeaf(row, sha256)),
      sha256,
    ),
  )

  /** A whole job on `pool`: the root and the table's bytes. */
  async function build(pool: ProofWorkerPool, bucketBytes?: number) {
    const job = ProofIndexJob.start({ pool, bucketBytes })
    try {
      await job.add(bytes)
      const files = await job.finish()
      const table: Uint8Array[] = []
      for await (const part of files.table) table.push(part)
      return { root: toHex(topLevels(files.blockRoots).at(-1)!), rows: files.rows, table: Buffer.concat(table) }
    } finally {
      await job.dispose()
    }
  }

  it('reuses its two workers upload after upload, and a job cancelled half-way leaves them clean', async () => {
    const pool = new ProofWorkerPool()
    try {
      const first = await build(pool, 24)
      expect(first.root).toBe(root)
      expect(pool.stats()).toEqual({ workersStarted: 2, idlePairs: 1, busyPairs: 0 })

      // Cancelled half-way, in the middle of a row, with spills to its file, as a refused upload is.
      const cancelled = ProofIndexJob.start({ pool, bucketBytes: 24 })
      await cancelled.add(bytes.subarray(0, Math.floor(bytes.length / 2) + 3))
      await cancelled.dispose()
      expect(fs.existsSync(cancelled.dir)).toBe(false)
      expect(pool.stats()).toEqual({ workersStarted: 2, idlePairs: 1, busyPairs: 0 })

      // The same workers then build the same index as before: nothing of the cancelled rows remains.
      const after = await build(pool, 24)
      expect(after.rows).toBe(rows.length)
      expect(after.root).toBe(root)
      expect(after.table.equals(first.table)).toBe(true)
      expect(pool.stats().workersStarted).toBe(2)
    } finally {
      await pool.close()
    }
  }, 60_000)

  it('gives uploads at once a pair each, keeps one pair idle after, and never reuses a worker that stopped', async () => {
    const pool = new ProofWorkerPool()
    try {
      const [a, b] = await Promise.all([build(pool), build(pool)])
      expect(a.root).toBe(root)
      expect(b.table.equals(a.table)).toBe(true)
      expect(pool.stats()).toEqual({ workersStarted: 4, idlePairs: 1, busyPairs: 0 })

      // A worker that dies mid-job fails the job, and the pool starts a fresh pair for the next.
      const job = ProofIndexJob.start({ pool })
      await job.add(bytes.subarray(0, 1000))
      // @ts-expect-error reaching into the job to stop one of its workers, as a crash would
      await job.pair.values.worker.terminate()
      await expect(job.finish()).rejects.toThrow(/stopped/)
      await job.dispose()
      expect(pool.stats()).toEqual({ workersStarted: 4, idlePairs: 0, busyPairs: 0 })
      expect((await build(pool)).root).toBe(root)
      expect(pool.stats()).toEqual({ workersStarted: 6, idlePairs: 1, busyPairs: 0 })
    } finally {
      await pool.close()
    }
  }, 60_000)
})
