import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import vectors from './draw-vectors.json'
import { DRAW_ALGORITHM, fromHex, rootIndexOf, selectIndexes, seedHashOf, toHex, type HmacSha256, type Sha256 } from './algorithm'
import { CsvReader } from './csv-reader'
import { EntriesCanonicaliser, EntriesError, parseCanonicalRow } from './canonical-entries'
import { maskEmail, maskEntry, maskText } from './masking'

// The tests inject node:crypto; the browser panel injects Web Crypto (checked below too).
const hmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest()
const sha256: Sha256 = (data) => createHash('sha256').update(data).digest()
const webHmac: HmacSha256 = async (key, message) => {
  const k = await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, message as BufferSource))
}

/** The canonical text of an upload, read in chunks of `chunk` characters (exercises chunk borders). */
function canonicalOf(csv: string, chunk = 7): string {
  let out = ''
  const canonicaliser = new EntriesCanonicaliser((row) => (out += row))
  const reader = new CsvReader()
  for (let i = 0; i < csv.length; i += chunk) for (const r of reader.push(csv.slice(i, i + chunk))) canonicaliser.add(r.fields, r.line)
  for (const r of reader.end()) canonicaliser.add(r.fields, r.line)
  canonicaliser.finish()
  return out
}

describe(`${DRAW_ALGORITHM}: the shared vectors (DESIGN.md §5a)`, () => {
  expect(vectors.algorithm).toBe(DRAW_ALGORITHM)
  for (const v of vectors.vectors) {
    it(v.name, async () => {
      for (const chunk of [1, 7, 1_000_000]) expect(canonicalOf(v.csv, chunk)).toBe(v.canonicalEntries)
      expect(toHex(sha256(new TextEncoder().encode(v.canonicalEntries)) as Uint8Array)).toBe(v.entriesHash)
      const seed = fromHex(v.seed)
      expect(await seedHashOf(seed, sha256)).toBe(v.seedHash)
      const entryCount = v.canonicalEntries.split('\n').length - 1
      const input = { seed, entriesHash: v.entriesHash, entryCount, count: v.winners + v.reserves }
      expect(await selectIndexes({ ...input, hmac })).toEqual(v.selectedIndexes)
      expect(await selectIndexes({ ...input, hmac: webHmac })).toEqual(v.selectedIndexes)
    })
  }
})

// The three vectors published in docs/draw-algorithm.md (keep the two in step). Their values were
// also reproduced by an independent verifier written from §5a alone (Python's hmac/hashlib).
const entries = (n: number) => Array.from({ length: n }, (_, i) => `E${i + 1},p${i + 1}@example.test\n`).join('')
const hashOf = (text: string) => toHex(sha256(new TextEncoder().encode(text)) as Uint8Array)
export const PUBLISHED = [
  {
    name: 'A: rejection sampling at an awkward n',
    n: 2763,
    seed: '000000000000000000000000000000000000000000000000000000000007d0e7',
    winners: 2,
    reserves: 1,
    entriesHash: 'f5ecdd952b715bebdbbc0123aa5d9754480e5d0eeb0ba55912f654c45ed72776',
    seedHash: '87421b11b70f272c4bca96e81941e92a1b0fed7ba786ee1b5f89ce68687a2ccf',
    selected: [1584, 875, 314],
  },
  {
    name: 'B: k = N',
    n: 5,
    seed: '11'.repeat(32),
    winners: 3,
    reserves: 2,
    entriesHash: 'b2ae9852d20aa17d15010cd330f1a06a6e33ffee65c1b2b76e057e6c809ade9b',
    seedHash: '02d449a31fbb267c8f352e9968a79e3e5fc95c1bbeaa502fd6454ebde5a4bedc',
    selected: [1, 3, 0, 4, 2],
  },
  {
    name: 'C: k = 1',
    n: 100,
    seed: '42'.repeat(32),
    winners: 1,
    reserves: 0,
    entriesHash: '848b962aebb80d686aefee48e453a4d1c14375289e30b05bca238106481d9274',
    seedHash: '425ed4e4a36b30ea21b90e21c712c649e8214c29b7eaf68089d1039c6e55384c',
    selected: [43],
  },
]

describe('the published vectors (docs/draw-algorithm.md)', () => {
  for (const v of PUBLISHED) {
    it(v.name, async () => {
      const csv = `entryId,email\n${entries(v.n)}`
      expect(canonicalOf(csv, 4096)).toBe(entries(v.n))
      expect(hashOf(entries(v.n))).toBe(v.entriesHash)
      const seed = fromHex(v.seed)
      expect(await seedHashOf(seed, sha256)).toBe(v.seedHash)
      expect(await selectIndexes({ seed, entriesHash: v.entriesHash, entryCount: v.n, count: v.winners + v.reserves, hmac })).toEqual(v.selected)
    })
  }

  it('A really rejects: the second integer of block 0 is at or above the limit for n = 2762', () => {
    const block = hmac(fromHex(PUBLISHED[0]!.seed), new TextEncoder().encode(`${PUBLISHED[0]!.entriesHash}:0`)) as Uint8Array
    const u = new DataView(block.buffer, block.byteOffset).getUint32(4, false)
    expect(u).toBeGreaterThanOrEqual(2 ** 32 - (2 ** 32 % 2762))
  })
})

describe('uniformity', () => {
  it('each position of a 10-entry draw passes a chi-square test over 3,000 fixed seeds', async () => {
    const n = 10
    const draws = 3000
    const counts = Array.from({ length: n }, () => new Array<number>(n).fill(0))
    const entriesHash = hashOf(entries(n))
    for (let s = 0; s < draws; s++) {
      const seed = new Uint8Array(32)
      new DataView(seed.buffer).setUint32(28, s, false)
      const selected = await selectIndexes({ seed, entriesHash, entryCount: n, count: n, hmac })
      selected.forEach((index, position) => (counts[position]![index]! += 1))
    }
    const expected = draws / n
    // df = 9; the 0.1% critical value is 27.877. Fixed seeds make the test deterministic.
    for (const row of counts) {
      const chi2 = row.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0)
      expect(chi2).toBeLessThan(27.877)
    }
  })
})

describe('entries files', () => {
  it('skips empty rows, keeps a CRLF file and a BOM, names the line of a ragged row', () => {
    expect(canonicalOf('\ufeffid,email\r\n\r\nA,a@x.test\r\n , \r\nB,"b\r\nc"\r\n')).toBe('A,a@x.test\nB,"b\r\nc"\n')
    expect(() => canonicalOf('id,email\nA,a@x.test\nB\n')).toThrow(/^Line 3 has 1 column but the header has 2/)
    expect(() => canonicalOf('id,email\n')).toThrow(EntriesError)
    expect(() => canonicalOf('')).toThrow(/no header row/)
    expect(() => canonicalOf('1,john@example.com\n2,jo@example.com\n')).toThrow(/no header row/)
  })

  it('splits canonical rows back into fields', () => {
    expect(parseCanonicalRow('E2,"Smith, Jo"')).toEqual(['E2', 'Smith, Jo'])
    expect(parseCanonicalRow('E3,"say ""hi""",')).toEqual(['E3', 'say "hi"', ''])
  })

  it('maps a redraw index back to the root index past the excluded winners', () => {
    // root 0..9 minus {2, 3, 7} = [0, 1, 4, 5, 6, 8, 9]
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => rootIndexOf(i, [2, 3, 7]))).toEqual([0, 1, 4, 5, 6, 8, 9])
  })
})

describe('masking', () => {
  it('masks personal data only: names to initials, e-mail local parts, phone digits; keeps entry IDs, postcodes, states', () => {
    expect(maskEmail('john@example.com')).toBe('j***@example.com')
    expect(maskEmail('Ann.Lee@mail.example.com.au')).toBe('A***@mail.example.com.au')
    expect(maskText('jo  van smith')).toBe('J. V. S.')
    expect(maskEntry(['E0488', 'Jo Smith', 'jo@example.com', '5000', 'NSW', '0412 345 678'], 'standard')).toBe(
      'E0488, J. S., j***@example.com, 5000, NSW, **** *** 678',
    )
    expect(maskEntry(['E12', 'Jo Smith', 'jo@example.com', '5000'], 'initialsPostcode')).toBe('E12, J. S., j***@example.com, 5000')
    expect(maskEntry(['AB-1204', '+61 2 9999 1234', 'vic', 'Smith'], 'standard')).toBe('AB-1204, +** * **** *234, vic, S.')
    expect(maskEntry(['E12', 'Jo Smith'], 'hidden')).toBe('')
  })
})

describe('schedule', () => {
  it('reads Sydney wall-clock times in and out of daylight saving', async () => {
    const { drawInstant: sydneyInstant } = await import('./schedule')
    expect(sydneyInstant('2027-01-15', '14:00')!.toISOString()).toBe('2027-01-15T03:00:00.000Z') // AEDT +11
    expect(sydneyInstant('2027-07-15', '14:00')!.toISOString()).toBe('2027-07-15T04:00:00.000Z') // AEST +10
  })
})
