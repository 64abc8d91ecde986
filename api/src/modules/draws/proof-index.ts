/**
 * Inclusion proofs at scale (issue 23, DESIGN.md §5a "Entries root"). At the commit one pass over
 * the frozen entries writes, beside them:
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
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { merkleLeaf, merkleProofOf, parseCanonicalRow, toHex, type ProofStep } from '@permitdesk/shared'
import type { FileStorage } from '../../storage/storage'
import { putStream, streamToBuffer } from '../../storage/storage'
import { eachCanonicalRow } from './canonical-file'
import { MERKLE_BLOCKS_WASM } from './merkle-blocks-wasm'
import { ROW_INDEX_EVERY, rowIndexKey } from './row-index'

/** Rows per stored block root: the row index's step, so a proof's block is one range read. */
export const PROOF_BLOCK = ROW_INDEX_EVERY
export const merkleKey = (entriesKey: string) => `${entriesKey}.merkle`
/** The value table of draws committed before slots (256 buckets): still read, no longer written. */
export const valueIndexKey = (entriesKey: string) => `${entriesKey}.values`
/** The value table: records sorted into 65,536 slots by the top 16 bits of their key. */
export const lookupIndexKey = (entriesKey: string) => `${entriesKey}.lookup`

/** Files the commit writes records into (by the top 8 bits of the key), one open file each. */
const BUCKETS = 256
/** Slots of the stored table (top 16 bits): a lookup reads 1/65,536 of it, a few KB at 10M entries. */
const SLOTS = 65_536
const SLOT_HEADER_BYTES = (SLOTS + 1) * 8
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

/** Bytes buffered per bucket before they are written to its file (one allocation per bucket, reused). */
const BUCKET_BUFFER = 32_760

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

type BlocksExports = { memory: WebAssembly.Memory; scratchStart(): number; blockRoots(data: number, starts: number, count: number, out: number): void }
let blocksModule: WebAssembly.Module | undefined
/** Rows handed to the WebAssembly module per call: whole blocks, so only the last call has a partial one. */
const BATCH_ROWS = 16 * PROOF_BLOCK

/**
 * The root of each block of PROOF_BLOCK rows (DESIGN.md §5a: leaf = SHA-256(0x00 ‖ row), parent =
 * SHA-256(0x01 ‖ left ‖ right), an odd last node carried up). The commit hashes two small messages
 * per row, 20 million at 10M entries: one call into a hashing library per message (hash-wasm,
 * node:crypto) cost far more than the hashing (about 1.6 s per million rows). Rows are copied into
 * the memory of a small WebAssembly module (api/wasm/merkle-blocks.ts) that hashes BATCH_ROWS
 * rows per call, four messages at a time in SIMD lanes. Its results are checked against shared's
 * reference tree and the test vectors (proof-index.test.ts).
 */
export class BlockRoots {
  private readonly wasm: BlocksExports
  private readonly startsAt: number
  private readonly outAt: number
  private readonly dataAt: number
  private bytes!: Uint8Array
  private starts!: Uint32Array
  private rows = 0
  private used = 0
  /** Every finished block's root, 32 bytes each, in one growing buffer. */
  private roots = Buffer.allocUnsafe(32 * 1024)
  private rootBytes = 0

  constructor() {
    blocksModule ??= new WebAssembly.Module(Buffer.from(MERKLE_BLOCKS_WASM, 'base64'))
    this.wasm = new WebAssembly.Instance(blocksModule).exports as unknown as BlocksExports
    this.startsAt = this.wasm.scratchStart()
    this.outAt = this.startsAt + (BATCH_ROWS + 1) * 4
    this.dataAt = this.outAt + (BATCH_ROWS / PROOF_BLOCK) * 32
    this.reserve(1 << 20)
  }

  /** Makes room for `more` bytes of rows (a long row grows the memory), and refreshes the views. */
  private reserve(more: number) {
    const memory = this.wasm.memory
    const need = this.dataAt + this.used + more
    if (need > memory.buffer.byteLength) memory.grow(Math.ceil((need - memory.buffer.byteLength) / 65_536))
    this.bytes = new Uint8Array(memory.buffer)
    this.starts = new Uint32Array(memory.buffer, this.startsAt, BATCH_ROWS + 1)
  }

  addRow(row: Uint8Array) {
    if (this.dataAt + this.used + row.length + 1 > this.bytes.length) this.reserve(row.length + 1)
    this.starts[this.rows] = this.used
    this.bytes.set(row, this.dataAt + this.used)
    this.bytes[this.dataAt + this.used + row.length] = 0x0a
    this.used += row.length + 1
    if (++this.rows === BATCH_ROWS) this.flush()
  }

  private flush() {
    if (this.rows === 0) return
    this.starts[this.rows] = this.used
    this.wasm.blockRoots(this.dataAt, this.startsAt, this.rows, this.outAt)
    const size = Math.ceil(this.rows / PROOF_BLOCK) * 32
    if (this.rootBytes + size > this.roots.length) {
      const grown = Buffer.allocUnsafe(this.roots.length * 2)
      this.roots.copy(grown, 0, 0, this.rootBytes)
      this.roots = grown
    }
    this.roots.set(this.bytes.subarray(this.outAt, this.outAt + size), this.rootBytes)
    this.rootBytes += size
    this.rows = 0
    this.used = 0
  }

  /** The block roots of every row added (the last block may be partial), 32 bytes each. */
  finish(): Buffer {
    this.flush()
    return this.roots.subarray(0, this.rootBytes)
  }
}

/** One pass over the committed entries: the entries root, the block roots and the value table. */
export async function buildProofIndex(storage: FileStorage, entriesKey: string): Promise<{ entriesRoot: string }> {
  const source = await storage.get(entriesKey)
  if (!source) throw new Error(`draw entries missing: ${entriesKey}`)
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'draw-values-'))
  // One open file per bucket for the whole pass (opening by name per write cost a syscall pair each).
  const files: number[] = []
  try {
    const blocks = new BlockRoots()
    for (let bucket = 0; bucket < BUCKETS; bucket++) files.push(fs.openSync(path.join(dir, String(bucket)), 'w'))
    // One buffer per bucket, written in place: millions of tiny Buffers would keep the GC busy.
    const pending = Array.from({ length: BUCKETS }, () => ({ buffer: Buffer.allocUnsafe(BUCKET_BUFFER), bytes: 0 }))
    const sizes = new Array<number>(BUCKETS).fill(0)
    const slotCounts = new Uint32Array(SLOTS)
    const flush = (bucket: number) => {
      const p = pending[bucket]!
      if (p.bytes === 0) return
      // A full bucket is written at once (to the page cache) and its buffer reused: handing
      // buffers to async writes promoted hundreds of MB of them at 10M rows (RSS).
      fs.writeSync(files[bucket]!, p.buffer, 0, p.bytes)
      sizes[bucket]! += p.bytes
      p.bytes = 0
    }
    let rowIndex = 0
    const onKey = (a: number, b: number) => {
      const bucket = a >>> 24
      const p = pending[bucket]!
      p.buffer.writeUInt32BE(a, p.bytes)
      p.buffer.writeUInt32BE(b, p.bytes + 4)
      p.buffer.writeUInt32BE(rowIndex, p.bytes + 8)
      p.bytes += RECORD
      slotCounts[a >>> 16]! += 1
      if (p.bytes + RECORD > BUCKET_BUFFER) flush(bucket)
    }
    await eachCanonicalRow(source, (index, row) => {
      blocks.addRow(row)
      rowIndex = index
      eachValueKey(row, onKey)
    })
    const blockRoots = blocks.finish()
    for (let bucket = 0; bucket < BUCKETS; bucket++) flush(bucket)
    for (const fd of files.splice(0)) fs.closeSync(fd)

    await storage.put(merkleKey(entriesKey), blockRoots)
    // The header: where each slot's records start (float64 LE), then the records slot by slot.
    const header = Buffer.alloc(SLOT_HEADER_BYTES)
    let offset = SLOT_HEADER_BYTES
    for (let slot = 0; slot <= SLOTS; slot++) {
      header.writeDoubleLE(offset, slot * 8)
      offset += (slotCounts[slot] ?? 0) * RECORD
    }
    // Each bucket file (256 slots) is read back and its records placed slot by slot (a counting
    // sort: one pass, 4-byte words) into the table file, through two buffers reused from bucket
    // to bucket, then the table is streamed to storage: it can be hundreds of MB at 10M entries,
    // and a fresh buffer per bucket handed to a stream held a hundred MB of them at once (RSS).
    const tablePath = path.join(dir, 'table')
    const tableFile = await fs.promises.open(tablePath, 'w')
    try {
      await tableFile.write(header)
      let input = Buffer.alloc(0)
      let output = Buffer.alloc(0)
      const next = new Uint32Array(256)
      for (let bucket = 0; bucket < BUCKETS; bucket++) {
        const size = sizes[bucket]!
        if (!size) continue
        if (input.length < size) {
          // Whole 4-byte words at offset 0 of their own memory (never a pooled slice).
          input = Buffer.from(new ArrayBuffer(size * 2))
          output = Buffer.from(new ArrayBuffer(size * 2))
        }
        const bucketPath = path.join(dir, String(bucket))
        const file = await fs.promises.open(bucketPath, 'r')
        try {
          for (let read = 0; read < size; ) {
            const { bytesRead } = await file.read(input, read, size - read, read)
            if (bytesRead === 0) throw new Error(`value table bucket ${bucket} is shorter than written`)
            read += bytesRead
          }
        } finally {
          await file.close()
        }
        await fs.promises.rm(bucketPath)
        const from = new Uint32Array(input.buffer, 0, size / 4)
        const to = new Uint32Array(output.buffer, 0, size / 4)
        next[0] = 0
        for (let sub = 1; sub < 256; sub++) next[sub] = next[sub - 1]! + slotCounts[bucket * 256 + sub - 1]! * 3
        for (let at = 0; at < size; at += RECORD) {
          const sub = input[at + 1]! // the second byte of the key (big-endian): bits 16-23
          const word = at / 4
          const place = next[sub]!
          to[place] = from[word]!
          to[place + 1] = from[word + 1]!
          to[place + 2] = from[word + 2]!
          next[sub] = place + 3
        }
        await tableFile.write(output, 0, size)
      }
    } finally {
      await tableFile.close()
    }
    await putStream(storage, lookupIndexKey(entriesKey), fs.createReadStream(tablePath))
    // The tree over the block roots is the top of the whole tree: each row is hashed into it once.
    const levels = topLevels(blockRoots)
    return { entriesRoot: toHex(levels.at(-1)!.subarray(0, 32)) }
  } finally {
    for (const fd of files) fs.closeSync(fd)
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
  topCache.set(entriesKey, loading)
  for (const key of topCache.keys()) {
    if (topCache.size <= TOP_CACHE_SIZE) break
    topCache.delete(key)
  }
  return loading
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
