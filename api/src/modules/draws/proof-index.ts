/**
 * Inclusion proofs at scale (issue 23, DESIGN.md §5a "Entries root"). One pass over the canonical
 * entries (during their upload, proof-index-job.ts; else at the commit) writes, beside them:
 * - `<entriesKey>.merkle`: the root of every block of PROOF_BLOCK rows (32 bytes each; 1.2 MB at
 *   10 million entries). The tree over the block roots is the top of the whole tree, because a
 *   block of 2^8 rows is exactly one node eight levels up (the odd-carry rule keeps positions).
 * - `<entriesKey>.lookup`: a value → row table in 65,536 slots by hash: a header of 65,537 byte
 *   offsets (float64 LE), then 12-byte records (8-byte FNV-1a hash of a field's value, 4-byte row
 *   index), slot by slot. (Draws committed earlier have `.values`, the same in 256 buckets.)
 * A lookup reads 16 bytes of the header, one slot (about 1/65,536 of the table, a few KB) and the
 * one block of rows its proof needs (through the row index), never the whole entries file; the
 * levels above the blocks are computed once per process and cached.
 */
import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import { merkleLeaf, merkleProofOf, toHex, type ProofStep } from '@permitdesk/shared'
import type { FileStorage } from '../../storage/storage'
import { putStream, streamToBuffer } from '../../storage/storage'
import { eachCanonicalRow } from './canonical-file'
import { ProofIndexJob, type ProofIndexFiles } from './proof-index-job'
import { ROW_INDEX_EVERY, rowIndexKey } from './row-index'

/** Rows per stored block root: the row index's step, so a proof's block is one range read. */
export const PROOF_BLOCK = ROW_INDEX_EVERY
export const merkleKey = (entriesKey: string) => `${entriesKey}.merkle`
/** The value table of draws committed before slots (256 buckets): still read, no longer written. */
export const valueIndexKey = (entriesKey: string) => `${entriesKey}.values`
/** The value table: records sorted into 65,536 slots by the top 16 bits of their key. */
export const lookupIndexKey = (entriesKey: string) => `${entriesKey}.lookup`

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

/**
 * Stores a built proof index beside the entries (`.merkle`, `.lookup`); answers the entries root.
 * The tree over the block roots is the top of the whole tree: each row is hashed into it once.
 */
export async function storeProofIndex(storage: FileStorage, entriesKey: string, files: ProofIndexFiles): Promise<{ entriesRoot: string }> {
  await storage.put(merkleKey(entriesKey), files.blockRoots)
  await putStream(storage, lookupIndexKey(entriesKey), Readable.from(files.table, { objectMode: false }))
  const levels = topLevels(files.blockRoots)
  // Kept for this process's commit and lookups of these entries: the commit read the block roots
  // back and hashed the levels again (40,000 roots at 10M entries) on its own thread (issue 23).
  rememberTopLevels(entriesKey, Promise.resolve(levels))
  return { entriesRoot: toHex(levels.at(-1)!.subarray(0, 32)) }
}

/** Removes the proof index files of an entries file (its upload was replaced or refused). */
export async function deleteProofIndex(storage: FileStorage, entriesKey: string) {
  await storage.delete(merkleKey(entriesKey)).catch(() => {})
  await storage.delete(lookupIndexKey(entriesKey)).catch(() => {})
}

/**
 * One pass over stored entries (a worker hashes and indexes while this thread reads): the
 * entries root, the block roots and the value table, for entries whose upload did not build them.
 */
export async function buildProofIndex(storage: FileStorage, entriesKey: string): Promise<{ entriesRoot: string }> {
  const source = await storage.get(entriesKey)
  if (!source) throw new Error(`draw entries missing: ${entriesKey}`)
  const job = ProofIndexJob.start()
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) await job.add(chunk)
    const files = await job.finish()
    if (files.rows === 0) throw new Error('a Merkle tree needs at least one entry')
    return await storeProofIndex(storage, entriesKey, files)
  } finally {
    source.destroy()
    await job.dispose()
  }
}

/**
 * The entries root at the commit: from the block roots the upload stored (the upload built the
 * index while the file arrived), else built now from the stored file.
 */
export async function entriesRootAtCommit(storage: FileStorage, entriesKey: string): Promise<{ entriesRoot: string }> {
  if ((await storage.exists(lookupIndexKey(entriesKey))) && (await storage.exists(merkleKey(entriesKey)))) {
    const levels = await topCache.get(entriesKey)?.catch(() => undefined)
    if (levels) return { entriesRoot: toHex(levels.at(-1)!.subarray(0, 32)) }
    const stream = await storage.get(merkleKey(entriesKey))
    if (stream) {
      const blockRoots = await streamToBuffer(stream)
      if (blockRoots.length >= 32 && blockRoots.length % 32 === 0) return { entriesRoot: toHex(topLevels(blockRoots).at(-1)!.subarray(0, 32)) }
    }
  }
  return buildProofIndex(storage, entriesKey)
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
  // The slotted table: 16 header bytes and one slot's records.
  let key = lookupIndexKey(entriesKey)
  let headerAt = (a >>> 16) * 8
  if (!(await storage.exists(key))) {
    // Committed before slots: the 256-bucket table.
    key = valueIndexKey(entriesKey)
    headerAt = (a >>> 24) * 8
  }
  const header = await readRange(storage, key, headerAt, headerAt + 15)
  if (!header || header.length < 16) return undefined
  const start = header.readDoubleLE(0)
  const end = header.readDoubleLE(8)
  const records = await readRange(storage, key, start, end - 1)
  if (!records) return undefined
  const out: number[] = []
  for (let at = 0; at + RECORD <= records.length; at += RECORD) {
    if (records.readUInt32BE(at) === a && records.readUInt32BE(at + 4) === b) out.push(records.readUInt32BE(at + 8))
  }
  return out
}

/**
 * The levels of the tree above the blocks, from the block roots (level 0) up to the root (one
 * node), each one Buffer of 32-byte nodes: pairs hashed, an odd last node carried up.
 */
export function topLevels(blockRoots: Buffer): Buffer[] {
  if (blockRoots.length === 0) throw new Error('a Merkle tree needs at least one entry')
  const pair = Buffer.allocUnsafe(65)
  pair[0] = 0x01
  const levels = [blockRoots]
  for (let level = blockRoots; level.length > 32; ) {
    const n = level.length / 32
    const up = Buffer.allocUnsafe(Math.ceil(n / 2) * 32)
    for (let i = 0; 2 * i < n; i++) {
      if (2 * i + 1 < n) {
        level.copy(pair, 1, 2 * i * 32, 2 * i * 32 + 64)
        up.set(sha256(pair), i * 32)
      } else level.copy(up, i * 32, 2 * i * 32, 2 * i * 32 + 32)
    }
    levels.push(up)
    level = up
  }
  return levels
}

/**
 * The top levels of committed draws, cached in this process: they never change after the commit,
 * and recomputing them (40,000 block roots at 10M entries) was most of a lookup's time. A few
 * draws' worth (2.5 MB each at 10M entries); the oldest used goes first.
 */
const TOP_CACHE_SIZE = 8
const topCache = new Map<string, Promise<Buffer[] | undefined>>()

/** The stored block roots with the levels above them, or undefined when the draw has none. */
export function loadTopLevels(storage: FileStorage, entriesKey: string): Promise<Buffer[] | undefined> {
  const cached = topCache.get(entriesKey)
  if (cached) {
    topCache.delete(entriesKey)
    topCache.set(entriesKey, cached)
    return cached
  }
  const loading = (async () => {
    const stream = await storage.get(merkleKey(entriesKey))
    if (!stream) return undefined
    return topLevels(await streamToBuffer(stream))
  })()
  // A failure or a missing file is not kept: the next lookup tries again.
  loading.then(
    (levels) => {
      if (!levels) topCache.delete(entriesKey)
    },
    () => topCache.delete(entriesKey),
  )
  rememberTopLevels(entriesKey, loading)
  return loading
}

/** Puts levels in the cache as the newest used, the oldest going past TOP_CACHE_SIZE. */
function rememberTopLevels(entriesKey: string, levels: Promise<Buffer[] | undefined>) {
  topCache.delete(entriesKey)
  topCache.set(entriesKey, levels)
  for (const key of topCache.keys()) {
    if (topCache.size <= TOP_CACHE_SIZE) break
    topCache.delete(key)
  }
}

/** The siblings of block `block` from the block roots up (carried levels skipped). */
function topProof(levels: readonly Buffer[], block: number): ProofStep[] {
  const steps: ProofStep[] = []
  let at = block
  for (const level of levels.slice(0, -1)) {
    const sibling = at % 2 === 0 ? at + 1 : at - 1
    if (sibling * 32 < level.length) steps.push({ side: at % 2 === 0 ? 'right' : 'left', hash: level.toString('hex', sibling * 32, sibling * 32 + 32) })
    at = Math.floor(at / 2)
  }
  return steps
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
 * of block floor(index / PROOF_BLOCK), in order), then through the levels above the blocks.
 */
export function proofOf(levels: readonly Buffer[], index: number, blockRows: readonly Buffer[]): ProofStep[] {
  const block = Math.floor(index / PROOF_BLOCK)
  const leaves = blockRows.map((row) => merkleLeaf(row, sha256))
  return [...merkleProofOf(leaves, index - block * PROOF_BLOCK, sha256), ...topProof(levels, block)]
}
