/**
 * Inclusion proofs (DESIGN.md §5a "Entries root"), pure. Leaf i = SHA-256(0x00 ‖ canonical row i
 * without its `\n`); parent = SHA-256(0x01 ‖ left ‖ right); at each level an odd last node is
 * carried up unchanged; one entry: the root is its leaf. The domain prefixes keep a leaf from
 * ever being read as a parent (second-preimage attack on Merkle trees).
 */
import { fromHex, toHex, type Sha256 } from './algorithm'

/** A synchronous SHA-256 (node:crypto on the server), for building trees over millions of rows. */
export type Sha256Sync = (data: Uint8Array) => Uint8Array

export type ProofStep = { side: 'left' | 'right'; hash: string }

const encoder = new TextEncoder()

function leafBytes(row: string | Uint8Array): Uint8Array {
  const bytes = typeof row === 'string' ? encoder.encode(row) : row
  const out = new Uint8Array(bytes.length + 1)
  out[0] = 0x00
  out.set(bytes, 1)
  return out
}

function parentBytes(left: Uint8Array, right: Uint8Array): Uint8Array {
  const out = new Uint8Array(65)
  out[0] = 0x01
  out.set(left, 1)
  out.set(right, 33)
  return out
}

export function merkleLeaf(row: string | Uint8Array, sha256: Sha256Sync): Uint8Array {
  return sha256(leafBytes(row))
}

export function merkleParent(left: Uint8Array, right: Uint8Array, sha256: Sha256Sync): Uint8Array {
  return sha256(parentBytes(left, right))
}

/** The next level up: pairs hashed, an odd last node carried up unchanged. */
function levelUp(level: readonly Uint8Array[], sha256: Sha256Sync): Uint8Array[] {
  const up: Uint8Array[] = []
  for (let i = 0; i < level.length; i += 2) up.push(i + 1 < level.length ? merkleParent(level[i]!, level[i + 1]!, sha256) : level[i]!)
  return up
}

/** The root over nodes of one level (leaves, or the roots of equal power-of-two blocks of leaves). */
export function merkleRootOf(nodes: readonly Uint8Array[], sha256: Sha256Sync): Uint8Array {
  if (nodes.length === 0) throw new Error('a Merkle tree needs at least one entry')
  let level = [...nodes]
  while (level.length > 1) level = levelUp(level, sha256)
  return level[0]!
}

/** The proof of node `index` among `nodes`: siblings from the bottom up, carried levels skipped. */
export function merkleProofOf(nodes: readonly Uint8Array[], index: number, sha256: Sha256Sync): ProofStep[] {
  if (!Number.isInteger(index) || index < 0 || index >= nodes.length) throw new Error('index outside the tree')
  const steps: ProofStep[] = []
  let level = [...nodes]
  let at = index
  while (level.length > 1) {
    const sibling = at % 2 === 0 ? at + 1 : at - 1
    if (sibling < level.length) steps.push({ side: at % 2 === 0 ? 'right' : 'left', hash: toHex(level[sibling]!) })
    level = levelUp(level, sha256)
    at = Math.floor(at / 2)
  }
  return steps
}

/**
 * Streams leaves in order and keeps only one pending node per level (a binary counter), so a
 * tree over 10 million rows needs a few KB. The odd-carry rule makes the root of the whole the
 * fold, from the right, of the perfect subtrees left at the end (largest first).
 */
export class MerkleBuilder {
  private readonly pending: (Uint8Array | undefined)[] = []
  count = 0
  constructor(private readonly sha256: Sha256Sync) {}

  addLeaf(leaf: Uint8Array) {
    let node = leaf
    let level = 0
    while (this.pending[level]) {
      node = merkleParent(this.pending[level]!, node, this.sha256)
      this.pending[level] = undefined
      level += 1
    }
    this.pending[level] = node
    this.count += 1
  }

  addRow(row: string | Uint8Array) {
    this.addLeaf(merkleLeaf(row, this.sha256))
  }

  root(): Uint8Array {
    let acc: Uint8Array | undefined
    for (const node of this.pending) {
      if (!node) continue
      acc = acc ? merkleParent(node, acc, this.sha256) : node
    }
    if (!acc) throw new Error('a Merkle tree needs at least one entry')
    return acc
  }
}

/**
 * Whether `row` (or its leaf hash) with `proof` leads to `root` (hex). Works with an asynchronous SHA-256 (Web
 * Crypto), so the public page checks a proof in the browser.
 */
export async function verifyInclusion(
  input: ({ row: string } | { leaf: string }) & { proof: readonly ProofStep[]; root: string },
  sha256: Sha256,
): Promise<boolean> {
  // The public lookup answers the leaf (the row holds personal data); whoever holds the row checks it too.
  if ('leaf' in input && !/^[0-9a-f]{64}$/.test(input.leaf)) return false
  let acc = 'row' in input ? await sha256(leafBytes(input.row)) : fromHex(input.leaf)
  for (const step of input.proof) {
    if (!/^[0-9a-f]{64}$/.test(step.hash) || (step.side !== 'left' && step.side !== 'right')) return false
    const sibling = fromHex(step.hash)
    acc = await sha256(step.side === 'left' ? parentBytes(sibling, acc) : parentBytes(acc, sibling))
  }
  return toHex(acc) === input.root.toLowerCase()
}
