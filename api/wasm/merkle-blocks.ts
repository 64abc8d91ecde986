/**
 * AssemblyScript source of `api/src/modules/draws/merkle-blocks-wasm.ts` (built by
 * `node scripts/build-merkle-wasm.mjs`; the built module is checked in). It computes the roots of
 * blocks of PROOF_BLOCK canonical rows exactly as DESIGN.md §5a defines them: leaf = SHA-256(0x00 ‖
 * row), parent = SHA-256(0x01 ‖ left ‖ right), an odd last node carried up.
 * Why WebAssembly: the commit hashes two small messages per row (20 million at 10M entries), and
 * one call into a hashing library per message cost more than the hashing itself. Here one call
 * hashes thousands of rows, four messages at a time in the four 32-bit lanes of SIMD registers.
 * The upload's other per-byte work is here too, for the same reason: finding row ends (splitRows),
 * the value table's buckets and slots (valueRecords, distribute, sortBucket), and the check that a
 * line is canonical as it stands (fastLines, on the request's thread).
 */

/** Rows per block: PROOF_BLOCK of proof-index.ts (a power of two). */
const BLOCK: i32 = 256

// biome-ignore format: the constants of FIPS 180-4
const K: usize = memory.data<u32>([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
])
// biome-ignore format: the initial hash value of FIPS 180-4
const IV: usize = memory.data<u32>([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19])

/** Eight state words of four lanes (word k of lane l at 16k + 4l). */
const STATE: usize = memory.data(8 * 16, 16)
/** The message schedule of four lanes, 64 words. */
const W: usize = memory.data(64 * 16, 16)
/** The nodes of the block being reduced: 32 bytes each. */
const NODES: usize = memory.data(BLOCK * 32, 16)

/** Where the caller may put rows and row starts: everything after this module's own data. */
export function scratchStart(): usize {
  return (NODES + BLOCK * 32 + 15) & ~15
}

function rotr(x: v128, n: i32): v128 {
  return v128.or(i32x4.shr_u(x, n), i32x4.shl(x, 32 - n))
}

/** One SHA-256 compression of the four lanes' blocks in W[0..15]; lanes whose mask is 0 keep their state. */
function compress4(mask: v128): void {
  for (let t = 16; t < 64; t++) {
    const w15 = v128.load(W + (t - 15) * 16)
    const w2 = v128.load(W + (t - 2) * 16)
    const s0 = v128.xor(v128.xor(rotr(w15, 7), rotr(w15, 18)), i32x4.shr_u(w15, 3))
    const s1 = v128.xor(v128.xor(rotr(w2, 17), rotr(w2, 19)), i32x4.shr_u(w2, 10))
    v128.store(W + t * 16, i32x4.add(i32x4.add(v128.load(W + (t - 16) * 16), s0), i32x4.add(v128.load(W + (t - 7) * 16), s1)))
  }
  let a = v128.load(STATE)
  let b = v128.load(STATE + 16)
  let c = v128.load(STATE + 32)
  let d = v128.load(STATE + 48)
  let e = v128.load(STATE + 64)
  let f = v128.load(STATE + 80)
  let g = v128.load(STATE + 96)
  let h = v128.load(STATE + 112)
  for (let t = 0; t < 64; t++) {
    const S1 = v128.xor(v128.xor(rotr(e, 6), rotr(e, 11)), rotr(e, 25))
    const ch = v128.bitselect(f, g, e)
    const t1 = i32x4.add(i32x4.add(i32x4.add(h, S1), i32x4.add(ch, i32x4.splat(load<u32>(K + t * 4)))), v128.load(W + t * 16))
    const S0 = v128.xor(v128.xor(rotr(a, 2), rotr(a, 13)), rotr(a, 22))
    const maj = v128.bitselect(a, c, v128.xor(b, c))
    const t2 = i32x4.add(S0, maj)
    h = g
    g = f
    f = e
    e = i32x4.add(d, t1)
    d = c
    c = b
    b = a
    a = i32x4.add(t1, t2)
  }
  v128.store(STATE, v128.bitselect(i32x4.add(v128.load(STATE), a), v128.load(STATE), mask))
  v128.store(STATE + 16, v128.bitselect(i32x4.add(v128.load(STATE + 16), b), v128.load(STATE + 16), mask))
  v128.store(STATE + 32, v128.bitselect(i32x4.add(v128.load(STATE + 32), c), v128.load(STATE + 32), mask))
  v128.store(STATE + 48, v128.bitselect(i32x4.add(v128.load(STATE + 48), d), v128.load(STATE + 48), mask))
  v128.store(STATE + 64, v128.bitselect(i32x4.add(v128.load(STATE + 64), e), v128.load(STATE + 64), mask))
  v128.store(STATE + 80, v128.bitselect(i32x4.add(v128.load(STATE + 80), f), v128.load(STATE + 80), mask))
  v128.store(STATE + 96, v128.bitselect(i32x4.add(v128.load(STATE + 96), g), v128.load(STATE + 96), mask))
  v128.store(STATE + 112, v128.bitselect(i32x4.add(v128.load(STATE + 112), h), v128.load(STATE + 112), mask))
}

/** Blocks the message `prefix ‖ bytes[0..length)` takes once padded. */
function blocksOf(length: i32): i32 {
  return (length + 1 + 9 + 63) >> 6
}

/** Byte positions 0..15 of a vector. */
const IOTA: v128 = i8x16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

/**
 * Bytes at..at+15 of the padded message `prefix ‖ src[0..total - 1)` as four big-endian words:
 * the message's bytes, then 0x80, then zeros (the length is set by lengthWords). Reads up to 63
 * bytes past the message (the caller keeps that much memory after its rows) and masks them off.
 * Why vectors: building each block byte by byte (a fill and a copy per lane, a transpose word by
 * word) took about a third of the hashing time.
 */
function segment(src: usize, total: i32, at: i32, prefix: u8): v128 {
  let v = v128.load(src - 1 + <usize>at)
  if (at === 0) v = i8x16.replace_lane(v, 0, <i8>prefix)
  const r = i8x16.splat(<i8>min<i32>(max<i32>(total - at, -1), 16))
  v = v128.or(v128.and(v, i8x16.lt_s(IOTA, r)), v128.and(i8x16.eq(IOTA, r), i8x16.splat(<i8>0x80)))
  return i8x16.shuffle(v, v, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12)
}

/** Sets the message length (in bits, of `total` bytes) in words 14 and 15 of `lane`'s last block. */
function lengthWords(lane: i32, total: i32): void {
  const bits = <u64>total * 8
  store<u32>(W + 14 * 16 + lane * 4, <u32>(bits >> 32))
  store<u32>(W + 15 * 16 + lane * 4, <u32>bits)
}

/**
 * Block `j` of each lane's padded message `prefix ‖ src[0..length)` (lanes at or past their
 * blocks get zeros: their state is masked) into W[0..15], word t of lane l at W + 16t + 4l.
 */
function loadBlocks(
  j: i32,
  prefix: u8,
  s0: usize,
  n0: i32,
  b0: i32,
  s1: usize,
  n1: i32,
  b1: i32,
  s2: usize,
  n2: i32,
  b2: i32,
  s3: usize,
  n3: i32,
  b3: i32,
): void {
  const zero = i32x4.splat(0)
  for (let q = 0; q < 4; q++) {
    const at = j * 64 + q * 16
    const r0 = j < b0 ? segment(s0, n0 + 1, at, prefix) : zero
    const r1 = j < b1 ? segment(s1, n1 + 1, at, prefix) : zero
    const r2 = j < b2 ? segment(s2, n2 + 1, at, prefix) : zero
    const r3 = j < b3 ? segment(s3, n3 + 1, at, prefix) : zero
    const t0 = i32x4.shuffle(r0, r1, 0, 4, 1, 5)
    const t1 = i32x4.shuffle(r0, r1, 2, 6, 3, 7)
    const t2 = i32x4.shuffle(r2, r3, 0, 4, 1, 5)
    const t3 = i32x4.shuffle(r2, r3, 2, 6, 3, 7)
    const w = W + <usize>q * 64
    v128.store(w, i32x4.shuffle(t0, t2, 0, 1, 4, 5))
    v128.store(w + 16, i32x4.shuffle(t0, t2, 2, 3, 6, 7))
    v128.store(w + 32, i32x4.shuffle(t1, t3, 0, 1, 4, 5))
    v128.store(w + 48, i32x4.shuffle(t1, t3, 2, 3, 6, 7))
  }
  if (j === b0 - 1) lengthWords(0, n0 + 1)
  if (j === b1 - 1) lengthWords(1, n1 + 1)
  if (j === b2 - 1) lengthWords(2, n2 + 1)
  if (j === b3 - 1) lengthWords(3, n3 + 1)
}

function laneMask(on0: bool, on1: bool, on2: bool, on3: bool): v128 {
  let mask = i32x4.splat(on0 ? -1 : 0)
  mask = i32x4.replace_lane(mask, 1, on1 ? -1 : 0)
  mask = i32x4.replace_lane(mask, 2, on2 ? -1 : 0)
  return i32x4.replace_lane(mask, 3, on3 ? -1 : 0)
}

/**
 * Hashes up to four messages `prefix ‖ src[l][0..length[l])` (lanes at or past `lanes` are idle)
 * and writes the digest of lane l to dst[l].
 */
function hash4(
  prefix: u8,
  lanes: i32,
  s0: usize,
  n0: i32,
  s1: usize,
  n1: i32,
  s2: usize,
  n2: i32,
  s3: usize,
  n3: i32,
  d0: usize,
  d1: usize,
  d2: usize,
  d3: usize,
): void {
  for (let k = 0; k < 8; k++) v128.store(STATE + k * 16, i32x4.splat(load<u32>(IV + k * 4)))
  const b0 = blocksOf(n0)
  const b1 = lanes > 1 ? blocksOf(n1) : 0
  const b2 = lanes > 2 ? blocksOf(n2) : 0
  const b3 = lanes > 3 ? blocksOf(n3) : 0
  const most = max(max(b0, b1), max(b2, b3))
  for (let j = 0; j < most; j++) {
    loadBlocks(j, prefix, s0, n0, b0, s1, n1, b1, s2, n2, b2, s3, n3, b3)
    compress4(laneMask(j < b0, j < b1, j < b2, j < b3))
  }
  digestOf(0, d0)
  if (lanes > 1) digestOf(1, d1)
  if (lanes > 2) digestOf(2, d2)
  if (lanes > 3) digestOf(3, d3)
}

/** Writes lane `lane`'s digest (big-endian words) to `out`. */
function digestOf(lane: i32, out: usize): void {
  for (let k = 0; k < 8; k++) store<u32>(out + k * 4, bswap<u32>(load<u32>(STATE + k * 16 + lane * 4)))
}

/** Reduces the `n` nodes at NODES to their root (at NODES): pairs hashed four at a time, an odd last node carried. */
function reduce(n: i32): void {
  while (n > 1) {
    const pairs = n >> 1
    for (let p = 0; p < pairs; p += 4) {
      const lanes = min(4, pairs - p)
      const at = NODES + <usize>p * 64
      hash4(0x01, lanes, at, 64, at + 64, 64, at + 128, 64, at + 192, 64, NODES + p * 32, NODES + p * 32 + 32, NODES + p * 32 + 64, NODES + p * 32 + 96)
    }
    if (n & 1) memory.copy(NODES + pairs * 32, NODES + (n - 1) * 32, 32)
    n = pairs + (n & 1)
  }
}

/**
 * The roots of the blocks of `count` rows: row i is data[starts[i] .. starts[i + 1] - 1) (each row
 * ends with its `\n`, which is not hashed); starts holds count + 1 u32 offsets from `data`. Every
 * block but the last holds BLOCK rows. Writes 32 bytes per block at `out`.
 */
export function blockRoots(data: usize, starts: usize, count: i32, out: usize): void {
  for (let first = 0, block = 0; first < count; first += BLOCK, block++) {
    const rows = min(BLOCK, count - first)
    for (let i = 0; i < rows; i += 4) {
      const lanes = min(4, rows - i)
      const r = starts + <usize>(first + i) * 4
      const a0 = load<u32>(r)
      const a1 = load<u32>(r + 4)
      const a2 = lanes > 1 ? load<u32>(r + 8) : a1
      const a3 = lanes > 2 ? load<u32>(r + 12) : a2
      const a4 = lanes > 3 ? load<u32>(r + 16) : a3
      const node = NODES + <usize>i * 32
      hash4(0x00, lanes, data + a0, a1 - a0 - 1, data + a1, a2 - a1 - 1, data + a2, a3 - a2 - 1, data + a3, a4 - a3 - 1, node, node + 32, node + 64, node + 96)
    }
    reduce(rows)
    memory.copy(out + <usize>block * 32, NODES, 32)
  }
}

/**
 * The same roots as blockRoots, from the rows' leaves already hashed (`count` digests of 32 bytes
 * at `leaves`, leaf i = SHA-256(0x00 ‖ row i)): only the levels inside each block are hashed here.
 * Why: the entries freeze stores each entry's leaf when it arrives (PostgreSQL's sha256, with the
 * CPU's SHA instructions), so at the close a third of the tree's hashing is already done.
 */
export function leafBlockRoots(leaves: usize, count: i32, out: usize): void {
  for (let first = 0, block = 0; first < count; first += BLOCK, block++) {
    const rows = min(BLOCK, count - first)
    memory.copy(NODES, leaves + <usize>first * 32, <usize>rows * 32)
    reduce(rows)
    memory.copy(out + <usize>block * 32, NODES, 32)
  }
}

/** Records written by the last valueRecords call. */
let records: i32 = 0

export function recordCount(): i32 {
  return records
}

/**
 * The value table's records of rows first.. of count (rows as for blockRoots): for each non-empty
 * field, its two FNV-1a hashes (offsets 0x811c9dc5 and 0x050c5d1f; a quoted field's value
 * unquoted, doubled quotes as one) and the row's number (rowBase + row), three u32 at `out`.
 * Stops before a row whose records might not fit in `capacity`; answers the row it stopped at.
 */
export function valueRecords(data: usize, starts: usize, first: i32, count: i32, rowBase: i32, out: usize, capacity: i32): i32 {
  records = 0
  let r = first
  for (; r < count; r++) {
    let i = data + load<u32>(starts + <usize>r * 4)
    const end = data + load<u32>(starts + <usize>(r + 1) * 4) - 1
    // n non-empty fields take at least 2n - 1 bytes
    if (records + <i32>((end - i) >> 1) + 1 > capacity) break
    for (;;) {
      let a: u32 = 0x811c9dc5
      let b: u32 = 0x050c5d1f
      let empty = true
      if (i < end && load<u8>(i) === 0x22) {
        i += 1
        while (i < end) {
          const byte = <u32>load<u8>(i)
          if (byte === 0x22) {
            if (i + 1 < end && load<u8>(i + 1) === 0x22) i += 1
            else {
              i += 1
              break
            }
          }
          a = (a ^ byte) * 0x01000193
          b = (b ^ byte) * 0x01000193
          empty = false
          i += 1
        }
      } else {
        while (i < end) {
          const byte = <u32>load<u8>(i)
          if (byte === 0x2c) break
          a = (a ^ byte) * 0x01000193
          b = (b ^ byte) * 0x01000193
          empty = false
          i += 1
        }
      }
      if (!empty) {
        const at = out + <usize>records * 12
        store<u32>(at, a)
        store<u32>(at + 4, b)
        store<u32>(at + 8, rowBase + r)
        records += 1
      }
      if (i >= end) break
      i += 1 // the comma
    }
  }
  return r
}

/** Where the last splitRows call stopped (from `data`), and the quote parity there (1: inside a quoted field). */
let scanned: u32 = 0
let inQuotes: u32 = 0

export function scanAt(): u32 {
  return scanned
}

export function quoteParity(): u32 {
  return inQuotes
}

/**
 * Finds row ends in data[from .. end): a `\n` outside quotes (a quoted field may hold one; `"`
 * toggles the parity, so a doubled quote toggles it twice). Appends each next row's start to
 * starts[rows + 1 ..] until `most` rows are held; answers the rows held then, and leaves where it
 * stopped and the parity there for scanAt and quoteParity. Sixteen bytes at a time: a window with
 * neither byte is skipped whole (why: one call into a byte search per row cost more than the scan).
 */
export function splitRows(data: usize, from: u32, end: u32, quotes: u32, starts: usize, rows: i32, most: i32): i32 {
  let p = from
  const lf = i8x16.splat(0x0a)
  const quote = i8x16.splat(0x22)
  while (rows < most && p < end) {
    if (p + 16 <= end) {
      const bytes = v128.load(data + p)
      let mask = i8x16.bitmask(v128.or(i8x16.eq(bytes, lf), i8x16.eq(bytes, quote)))
      if (mask === 0) {
        p += 16
        continue
      }
      let last: u32 = 16
      while (mask !== 0) {
        const bit = <u32>ctz<i32>(mask)
        mask &= mask - 1
        if (load<u8>(data + p + bit) === 0x22) quotes ^= 1
        else if (quotes === 0) {
          rows += 1
          store<u32>(starts + <usize>rows * 4, p + bit + 1)
          if (rows === most) {
            last = bit + 1
            break
          }
        }
      }
      p += last
    } else {
      const byte = load<u8>(data + p)
      p += 1
      if (byte === 0x22) quotes ^= 1
      else if (byte === 0x0a && quotes === 0) {
        rows += 1
        store<u32>(starts + <usize>rows * 4, p)
      }
    }
  }
  scanned = p
  inQuotes = quotes
  return rows
}

/** The bucket that was full when distribute last stopped. */
let full: i32 = -1

export function fullBucket(): i32 {
  return full
}

/**
 * Appends the value records records[first .. count) (three u32 each, as valueRecords writes them)
 * to the value table's 256 buckets, big-endian as stored, by the key's top byte: bucket b's bytes
 * at buckets + b * capacity, its length in fills[b]; and counts each key's slot (its top 16 bits)
 * in slotCounts. Stops after a record that leaves its bucket without room for another, and
 * answers the next record (the caller empties that bucket, fullBucket(), and calls again).
 */
export function distribute(records: usize, first: i32, count: i32, buckets: usize, capacity: u32, fills: usize, slotCounts: usize): i32 {
  for (let r = first; r < count; r++) {
    const at = records + <usize>r * 12
    const a = load<u32>(at)
    const bucket = a >>> 24
    const fill = fills + ((<usize>bucket) << 2)
    const used = load<u32>(fill)
    const to = buckets + <usize>bucket * capacity + used
    store<u32>(to, bswap<u32>(a))
    store<u32>(to + 4, bswap<u32>(load<u32>(at + 4)))
    store<u32>(to + 8, bswap<u32>(load<u32>(at + 8)))
    store<u32>(fill, used + 12)
    const slot = slotCounts + ((<usize>(a >>> 16)) << 2)
    store<u32>(slot, load<u32>(slot) + 1)
    if (used + 24 > capacity) {
      full = bucket
      return r + 1
    }
  }
  full = -1
  return count
}

/**
 * Sorts bucket `bucket`'s records (size bytes at `input`, big-endian as stored) into slots by the
 * key's second byte, stably, into `output` (a counting sort; slotCounts as distribute counted).
 * `next` is room for 256 u32.
 */
export function sortBucket(input: usize, size: u32, output: usize, bucket: i32, slotCounts: usize, next: usize): void {
  let place: u32 = 0
  for (let sub = 0; sub < 256; sub++) {
    store<u32>(next + ((<usize>sub) << 2), place)
    place += load<u32>(slotCounts + ((<usize>bucket * 256 + sub) << 2)) * 12
  }
  for (let at: u32 = 0; at < size; at += 12) {
    const sub = <usize>load<u8>(input + at + 1)
    const cursor = next + (sub << 2)
    const to = load<u32>(cursor)
    const from = input + at
    store<u64>(output + to, load<u64>(from))
    store<u32>(output + to + 8, load<u32>(from + 8))
    store<u32>(cursor, to + 12)
  }
}

/**
 * The upload's fast path (ingest-entries.ts): how many whole lines from data[from] on, before
 * `end`, are already canonical with `commas` commas (DESIGN.md §5a: fields trimmed, none quoted),
 * so they are stored as they came. A line is canonical when it is not empty, holds no quote and no
 * byte below 0x20 (its `\n` aside), has the header's commas and not only commas, and no space or
 * byte of 0x80 and above starts or ends a field (trim would take a space, and some characters
 * beyond ASCII are spaces too). Writes each such line's end (after its `\n`, from `data`) to
 * ends[0 ..] and stops at the first other line (the caller reads it the slow way), at `end`, or
 * after `most` lines. Sixteen bytes at a time: a window with no comma, quote, space, control or
 * high byte is skipped whole (why: the same check per byte in JavaScript was most of the upload's
 * parsing time).
 */
export function fastLines(data: usize, from: u32, end: u32, commas: i32, ends: usize, most: i32): i32 {
  let lines = 0
  let lineStart = from
  let count = 0
  /** The last special byte seen and where (a normal byte is never a field's edge). */
  let lastAt: u32 = 0xffffffff
  let last: u32 = 0
  let p = from
  const space = i8x16.splat(0x21)
  const comma = i8x16.splat(0x2c)
  const quote = i8x16.splat(0x22)
  const high = i8x16.splat(<i8>0x80)
  while (p < end) {
    let mask: i32
    let width: u32 = 16
    if (p + 16 <= end) {
      const v = v128.load(data + p)
      mask = i8x16.bitmask(v128.or(v128.or(i8x16.lt_u(v, space), i8x16.ge_u(v, high)), v128.or(i8x16.eq(v, comma), i8x16.eq(v, quote))))
    } else {
      width = 1
      const b = <u32>load<u8>(data + p)
      mask = b < 0x21 || b >= 0x80 || b === 0x2c || b === 0x22 ? 1 : 0
    }
    while (mask !== 0) {
      const at = p + <u32>ctz<i32>(mask)
      mask &= mask - 1
      const b = <u32>load<u8>(data + at)
      const afterSeparator = at === lineStart || (lastAt === at - 1 && last === 0x2c)
      const afterEdge = lastAt === at - 1 && (last === 0x20 || last >= 0x80)
      if (b === 0x0a) {
        if (at === lineStart || afterEdge || count !== commas || <u32>count === at - lineStart) return lines
        store<u32>(ends + ((<usize>lines) << 2), at + 1)
        lines += 1
        if (lines === most) return lines
        lineStart = at + 1
        count = 0
      } else if (b === 0x2c) {
        if (afterEdge) return lines
        count += 1
      } else if (b === 0x20 || b >= 0x80) {
        if (afterSeparator) return lines
      } else return lines // a quote or a control byte
      lastAt = at
      last = b
    }
    p += width
  }
  return lines
}
