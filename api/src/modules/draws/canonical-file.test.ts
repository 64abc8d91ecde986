import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { eachCanonicalRow } from './canonical-file'

const text = 'A,1\nB,"x\ny"\nC,"say ""hi"""\nD,4\nE,5\n'
const rows = ['A,1', 'B,"x\ny"', 'C,"say ""hi"""', 'D,4', 'E,5']
const chunked = (size: number) =>
  Readable.from(Array.from({ length: Math.ceil(text.length / size) }, (_, i) => Buffer.from(text.slice(i * size, (i + 1) * size))))

describe('eachCanonicalRow', () => {
  it.each([1, 2, 3, 5, 8, 100])('splits rows at newlines outside quotes, in chunks of %i bytes', async (size) => {
    const seen: string[] = []
    expect(await eachCanonicalRow(chunked(size), (_i, row) => void seen.push(row.toString()))).toBe(5)
    expect(seen).toEqual(rows)
    // With a `wanted` hint, unwanted rows may be skipped; the wanted ones keep their indexes.
    const picked: [number, string][] = []
    const wanted = (i: number) => i === 1 || i === 4
    await eachCanonicalRow(chunked(size), (i, row) => void (wanted(i) && picked.push([i, row.toString()])), { wanted })
    expect(picked).toEqual([
      [1, rows[1]],
      [4, rows[4]],
    ])
  })
})
