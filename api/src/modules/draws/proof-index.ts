/**
 * Inclusion proofs at scale (issue 23, DESIGN.md §5a "Entries root"). At the commit one pass over
 * the frozen entries writes, beside them:
 * - `<entriesKey>.merkle`: the root of every block of PROOF_BLOCK rows (32 bytes each; 1.2 MB at
 *   10 million entries). The tree over the block roots is the top of the whole tree, because a
 *   block of 2^8 rows is exactly one node eight levels up (the odd-carry rule keeps positions).
 * - `<entriesKey>.values`: a value → row table, 256 buckets by hash: a header of 257 byte offsets
 *   (float64 LE), then 12-byte records (8-byte FNV-1a hash of a field's value, 4-byte row index).
 * A lookup reads the header, one bucket (about 1/256 of the table) and the one block of rows its
 * proof needs (through the row index), never the whole entries file.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { MerkleBuilder, merkleLeaf, merkleProofOf, merkleRootOf, parseCanonicalRow, toHex, type ProofStep } from '@permitdesk/shared'
import type { FileStorage } from '../../storage/storage'
import { putStream, streamToBuffer } from '../../storage/storage'
import { eachCanonicalRow } from './canonical-file'
import { ROW_INDEX_EVERY, rowIndexKey } from './row-index'

/** Rows per stored block root: the row index's step, so a proof's block is one range read. */
export const PROOF_BLOCK = ROW_INDEX_EVERY
export const merkleKey = (entriesKey: string) => `${entriesKey}.merkle`
export const valueIndexKey = (entriesKey: string) => `${entriesKey}.values`

const BUCKETS = 256
const HEADER_BYTES = (BUCKETS + 1) * 8
const RECORD = 12
/** One-shot SHA-256 (node:crypto's `hash`): no Hash object per row, which matters at 10M rows. */
const sha256 = (data: Uint8Array) => crypto.hash('sha256', data, 'buffer') as Uint8Array

/**
 * Two 32-bit FNV-1a hashes of a value (different offsets): a fast 64-bit key. A match is only a
 * candidate; the lookup checks the row itself, so a collision never answers a wrong entry.
 */
export function valueKey(value: string): [number, number] {
  const bytes = Buffer.from(value, 'utf8')
  let a = 0x811c9dc5
  let b = 0x050c5d1f
  for (const byte of bytes) {
    a = Math.imul(a ^ byte, 0x01000193)
    b = Math.imul(b ^ byte, 0x01000193)
  }
  return [a >>> 0, b >>> 0]
}

/** Bytes buffered per bucket before they are appended to its file (one allocation per bucket, reused). */
const BUCKET_BUFFER = 16_380

const COMMA = 0x2c
const QUOTE = 0x22

/**
 * Calls `onKey` with the valueKey of each non-empty field of a canonical row. Unquoted rows (the
 * usual case) are hashed straight from their bytes, with no string per field: at 10 million rows
 * that is most of the commit's time. A value repeated in a row gives two records; lookups dedupe.
 */
function eachValueKey(row: Buffer, onKey: (a: number, b: number) => void) {
  if (row.indexOf(QUOTE) >= 0) {
    for (const field of new Set(parseCanonicalRow(row.toString('utf8')))) if (field !== '') onKey(...valueKey(field))
    return
  }
  let a = 0x811c9dc5
  let b = 0x050c5d1f
  let empty = true
  for (let i = 0; i <= row.length; i++) {
    const byte = i < row.length ? row[i]! : COMMA
    if (byte === COMMA) {
      if (!empty) onKey(a >>> 0, b >>> 0)
      a = 0x811c9dc5
      b = 0x050c5d1f
      empty = true
      continue
    }
    a = Math.imul(a ^ byte, 0x01000193)
    b = Math.imul(b ^ byte, 0x01000193)
    empty = false
  }
}

/** One pass over the committed entries: the entries root, the block roots and the value table. */
export async function buildProofIndex(storage: FileStorage, entriesKey: string): Promise<{ entriesRoot: string }> {
  const source = await storage.get(entriesKey)
  if (!source) throw new Error(`draw entries missing: ${entriesKey}`)
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'draw-values-'))
  try {
    let block = new MerkleBuilder(sha256)
    const blockRoots: Buffer[] = []
    // One buffer per bucket, written in place: millions of tiny Buffers would keep the GC busy.
    const pending = Array.from({ length: BUCKETS }, () => ({ buffer: Buffer.allocUnsafe(BUCKET_BUFFER), bytes: 0 }))
    const sizes = new Array<number>(BUCKETS).fill(0)
    const flush = async (bucket: number) => {
      const p = pending[bucket]!
      if (p.bytes === 0) return
      await fs.promises.appendFile(path.join(dir, String(bucket)), p.buffer.subarray(0, p.bytes))
      sizes[bucket]! += p.bytes
      p.bytes = 0
    }
    await eachCanonicalRow(source, async (index, row) => {
      block.addLeaf(merkleLeaf(row, sha256))
      if (block.count === PROOF_BLOCK) {
        blockRoots.push(Buffer.from(block.root()))
        block = new MerkleBuilder(sha256)
      }
      // A full bucket is appended at once (a 16 KB write to the page cache) and its buffer reused:
      // handing buffers to async writes promoted hundreds of MB of them at 10M rows (RSS).
      eachValueKey(row, (a, b) => {
        const bucket = a >>> 24
        const p = pending[bucket]!
        p.buffer.writeUInt32BE(a, p.bytes)
        p.buffer.writeUInt32BE(b, p.bytes + 4)
        p.buffer.writeUInt32BE(index, p.bytes + 8)
        p.bytes += RECORD
        if (p.bytes + RECORD > BUCKET_BUFFER) {
          fs.appendFileSync(path.join(dir, String(bucket)), p.buffer.subarray(0, p.bytes))
          sizes[bucket]! += p.bytes
          p.bytes = 0
        }
      })
    })
    if (block.count > 0) blockRoots.push(Buffer.from(block.root()))
    for (let bucket = 0; bucket < BUCKETS; bucket++) await flush(bucket)

    await storage.put(merkleKey(entriesKey), Buffer.concat(blockRoots))
    const header = Buffer.alloc(HEADER_BYTES)
    let offset = HEADER_BYTES
    for (let bucket = 0; bucket <= BUCKETS; bucket++) {
      header.writeDoubleLE(offset, bucket * 8)
      offset += sizes[bucket] ?? 0
    }
    // The buckets are streamed one after another: the table can be hundreds of MB at 10M entries.
    async function* table() {
      yield header
      for (let bucket = 0; bucket < BUCKETS; bucket++) if (sizes[bucket]) yield* fs.createReadStream(path.join(dir, String(bucket)))
    }
    await putStream(storage, valueIndexKey(entriesKey), Readable.from(table()))
    // The tree over the block roots is the top of the whole tree: each row is hashed into it once.
    return { entriesRoot: toHex(merkleRootOf(blockRoots, sha256)) }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true })
  }
}

async function readRange(storage: FileStorage, key: string, start: number, end: number): Promise<Buffer | undefined> {
  if (end < start) return Buffer.alloc(0)
  const stream = storage.getFrom ? await storage.getFrom(key, start, end) : await storage.get(key)
  if (!stream) return undefined
  const bytes = await streamToBuffer(stream)
  return storage.getFrom ? bytes : bytes.subarray(start, end + 1)
}

/** Candidate row indexes holding `value` in a field (a hash match: check the row). Undefined: no table. */
export async function candidateRows(storage: FileStorage, entriesKey: string, value: string): Promise<number[] | undefined> {
  const [a, b] = valueKey(value)
  const bucketAt = (a >>> 24) * 8
  const header = await readRange(storage, valueIndexKey(entriesKey), bucketAt, bucketAt + 15)
  if (!header || header.length < 16) return undefined
  const start = header.readDoubleLE(0)
  const end = header.readDoubleLE(8)
  const bucket = await readRange(storage, valueIndexKey(entriesKey), start, end - 1)
  if (!bucket) return undefined
  const out: number[] = []
  for (let at = 0; at + RECORD <= bucket.length; at += RECORD) {
    if (bucket.readUInt32BE(at) === a && bucket.readUInt32BE(at + 4) === b) out.push(bucket.readUInt32BE(at + 8))
  }
  return out
}

/** The stored block roots (32 bytes each), or undefined when the draw has none. */
export async function loadBlockRoots(storage: FileStorage, entriesKey: string): Promise<Uint8Array[] | undefined> {
  const stream = await storage.get(merkleKey(entriesKey))
  if (!stream) return undefined
  const roots = await streamToBuffer(stream)
  return Array.from({ length: roots.length / 32 }, (_, i) => roots.subarray(i * 32, i * 32 + 32) as Uint8Array)
}

/** The canonical rows of one block, read through the row index (two range reads, a few KB). */
export async function blockRowsOf(storage: FileStorage, entriesKey: string, block: number): Promise<Buffer[] | undefined> {
  const offsets = await readRange(storage, rowIndexKey(entriesKey), block * 8, block * 8 + 15)
  if (!offsets || offsets.length < 8) return undefined
  const start = offsets.readDoubleLE(0)
  const end = offsets.length >= 16 ? offsets.readDoubleLE(8) - 1 : undefined
  const stream = storage.getFrom ? await storage.getFrom(entriesKey, start, end) : undefined
  if (!stream) return undefined
  const rows: Buffer[] = []
  await eachCanonicalRow(stream, (_index, row) => {
    rows.push(Buffer.from(row))
    if (rows.length === PROOF_BLOCK) return false
  })
  stream.destroy()
  return rows
}

/**
 * The Merkle path of entry `index`: from the leaves of its block (`blockRows`, the canonical rows
 * of block floor(index / PROOF_BLOCK), in order), then through the stored block roots.
 */
export function proofOf(blockRoots: readonly Uint8Array[], index: number, blockRows: readonly Buffer[]): ProofStep[] {
  const block = Math.floor(index / PROOF_BLOCK)
  const leaves = blockRows.map((row) => merkleLeaf(row, sha256))
  return [...merkleProofOf(leaves, index - block * PROOF_BLOCK, sha256), ...merkleProofOf(blockRoots, block, sha256)]
}
