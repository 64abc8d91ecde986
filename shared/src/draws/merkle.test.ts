import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import vectors from './draw-vectors.json'
import { toHex } from './algorithm'
import { MerkleBuilder, merkleLeaf, merkleProofOf, merkleRootOf, verifyInclusion, type ProofStep } from './merkle'

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest())
const webSha256 = async (data: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', data as BufferSource))
const rowsOf = (canonical: string) => canonical.split('\n').slice(0, -1)

describe('entries root and inclusion proofs: the shared vectors (DESIGN.md §5a)', () => {
  for (const v of vectors.vectors) {
    it(v.name, async () => {
      const rows = rowsOf(v.canonicalEntries)
      const leaves = rows.map((r) => merkleLeaf(r, sha256))
      expect(toHex(merkleRootOf(leaves, sha256))).toBe(v.entriesRoot)
      const builder = new MerkleBuilder(sha256)
      for (const r of rows) builder.addRow(r)
      expect(toHex(builder.root())).toBe(v.entriesRoot)
      const example = v.proofExample as { entryIndex: number; row: string; proof: ProofStep[] }
      expect(rows[example.entryIndex]).toBe(example.row)
      expect(merkleProofOf(leaves, example.entryIndex, sha256)).toEqual(example.proof)
      expect(await verifyInclusion({ row: example.row, proof: example.proof, root: v.entriesRoot }, webSha256)).toBe(true)
    })
  }
})

describe('Merkle tree, any size', () => {
  it('one entry: the root is its leaf', () => {
    expect(merkleRootOf([merkleLeaf('E1', sha256)], sha256)).toEqual(merkleLeaf('E1', sha256))
  })

  it('the streaming builder, block roots and every proof agree with the level-by-level tree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 300 }), fc.constantFrom(1, 2, 4, 8, 16), fc.nat(), async (n, block, pick) => {
        const rows = Array.from({ length: n }, (_, i) => `E${i},person${i}@example.com`)
        const leaves = rows.map((r) => merkleLeaf(r, sha256))
        const root = merkleRootOf(leaves, sha256)
        const builder = new MerkleBuilder(sha256)
        for (const r of rows) builder.addRow(r)
        expect(builder.root()).toEqual(root)
        // Roots of equal power-of-two blocks, then the tree over them: what the API stores at commit.
        const blockRoots = Array.from({ length: Math.ceil(n / block) }, (_, b) => merkleRootOf(leaves.slice(b * block, (b + 1) * block), sha256))
        expect(merkleRootOf(blockRoots, sha256)).toEqual(root)
        const i = pick % n
        const b = Math.floor(i / block)
        const proof = [...merkleProofOf(leaves.slice(b * block, (b + 1) * block), i - b * block, sha256), ...merkleProofOf(blockRoots, b, sha256)]
        expect(proof).toEqual(merkleProofOf(leaves, i, sha256))
        expect(await verifyInclusion({ row: rows[i]!, proof, root: toHex(root) }, webSha256)).toBe(true)
        // Another row, or a changed sibling, does not verify.
        expect(await verifyInclusion({ row: `${rows[i]} `, proof, root: toHex(root) }, webSha256)).toBe(false)
        if (proof.length > 0) {
          const bent = proof.map((s, k) => (k === 0 ? { ...s, hash: s.hash.replace(/^./, (c) => (c === '0' ? '1' : '0')) } : s))
          expect(await verifyInclusion({ row: rows[i]!, proof: bent, root: toHex(root) }, webSha256)).toBe(false)
        }
      }),
      { numRuns: 60 },
    )
  })
})
