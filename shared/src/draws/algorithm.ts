/**
 * The draw algorithm `permitdesk-draw-v1` (DESIGN.md §5a), pure: no Node APIs, no I/O. The HMAC
 * and SHA-256 primitives are passed in, so the same code runs on the server (node:crypto) and in
 * the public "verify this draw" panel (Web Crypto). docs/draw-algorithm.md publishes the rules.
 */
export const DRAW_ALGORITHM = 'permitdesk-draw-v1'

/** HMAC-SHA256(key, message); may be asynchronous (Web Crypto). */
export type HmacSha256 = (key: Uint8Array, message: Uint8Array) => Uint8Array | Promise<Uint8Array>
/** SHA-256(data); may be asynchronous (Web Crypto). */
export type Sha256 = (data: Uint8Array) => Uint8Array | Promise<Uint8Array>

const NEEDS_QUOTES = /[",\r\n]/

/** One field re-serialised (§5a): trimmed; quoted only when it holds a comma, quote, CR or LF; quotes doubled. */
export function canonicalField(value: string): string {
  const trimmed = value.trim()
  return NEEDS_QUOTES.test(trimmed) ? `"${trimmed.replace(/"/g, '""')}"` : trimmed
}

/** One canonical row, without its final `\n`. */
export function canonicalRow(fields: readonly string[]): string {
  return fields.map(canonicalField).join(',')
}

/** A data row counts as an entry unless every field is empty once trimmed. */
export function isEmptyRow(fields: readonly string[]): boolean {
  return fields.every((f) => f.trim() === '')
}

export function toHex(bytes: Uint8Array): string {
  let out = ''
  for (const b of bytes) out += b.toString(16).padStart(2, '0')
  return out
}

export function fromHex(hex: string): Uint8Array {
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) throw new Error('not a hex string')
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

/** A seed is 32 bytes, written as 64 hex digits. */
export function isSeedHex(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value)
}

const encoder = new TextEncoder()

/**
 * The random stream: block c = HMAC-SHA256(seed, ASCII `<entriesHash>:<c>`), read as big-endian
 * unsigned 32-bit integers, 8 per block.
 */
export class DrawStream {
  private block = 0
  private words: number[] = []
  constructor(
    private readonly seed: Uint8Array,
    private readonly entriesHash: string,
    private readonly hmac: HmacSha256,
  ) {}

  async nextUint32(): Promise<number> {
    if (this.words.length === 0) {
      const bytes = await this.hmac(this.seed, encoder.encode(`${this.entriesHash}:${this.block}`))
      this.block += 1
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      for (let i = 0; i < 8; i++) this.words.push(view.getUint32(i * 4, false))
      this.words.reverse() // pop() from the end gives them in order
    }
    return this.words.pop()!
  }

  /** uniform(n): rejection sampling so every value in [0, n) is equally likely. */
  async uniform(n: number): Promise<number> {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new Error(`uniform(n) needs 1 ≤ n ≤ 2^32, got ${n}`)
    const limit = 2 ** 32 - (2 ** 32 % n)
    for (;;) {
      const u = await this.nextUint32()
      if (u < limit) return u % n
    }
  }

  /** How many HMAC blocks were used so far (for the record). */
  get blocksUsed(): number {
    return this.block
  }
}

export type SelectInput = {
  /** The 32 raw seed bytes. */
  seed: Uint8Array
  /** Lowercase hex SHA-256 of the canonical entries. */
  entriesHash: string
  /** N, the number of entries. */
  entryCount: number
  /** k = winners + reserves, 0 < k ≤ N. */
  count: number
  hmac: HmacSha256
}

/**
 * Partial Fisher–Yates over a virtual array a[i] = i: for i = 0 … k-1, j = i + uniform(N - i),
 * swap a[i] and a[j], selected i is a[i]. Only swapped slots are stored, so N = 10 million needs
 * no array of N.
 */
export async function selectIndexes({ seed, entriesHash, entryCount, count, hmac }: SelectInput): Promise<number[]> {
  if (!Number.isInteger(entryCount) || entryCount < 1) throw new Error('a draw needs at least one entry')
  if (!Number.isInteger(count) || count < 1 || count > entryCount) throw new Error('0 < winners + reserves ≤ entries')
  const stream = new DrawStream(seed, entriesHash, hmac)
  const swapped = new Map<number, number>()
  const at = (i: number) => swapped.get(i) ?? i
  const selected: number[] = []
  for (let i = 0; i < count; i++) {
    const j = i + (await stream.uniform(entryCount - i))
    const ai = at(i)
    const aj = at(j)
    swapped.set(i, aj)
    swapped.set(j, ai)
    selected.push(aj)
  }
  return selected
}

/** seedHash = lowercase hex SHA-256 of the 32 raw seed bytes. */
export async function seedHashOf(seed: Uint8Array, sha256: Sha256): Promise<string> {
  return toHex(await sha256(seed))
}

/**
 * The entries of a redraw: the root's canonical entries minus the excluded root indexes (every
 * earlier winner of the chain), original order kept. Maps a redraw index back to the root index.
 */
export function rootIndexOf(redrawIndex: number, excludedSorted: readonly number[]): number {
  let index = redrawIndex
  for (const excluded of excludedSorted) {
    if (excluded <= index) index += 1
    else break
  }
  return index
}
