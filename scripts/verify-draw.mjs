#!/usr/bin/env node
/**
 * Standalone verifier of `permitdesk-draw-v1` (DESIGN.md §5a, docs/draw-algorithm.md), node:crypto
 * only, so anyone can check a published draw without this codebase:
 *
 *   node scripts/verify-draw.mjs entries.csv <seed> <winners> <reserves> [--exclude 3,17]
 *   node scripts/verify-draw.mjs --proof <entriesRoot> <row | leaf:<hex>> <proof.json>
 *
 * The first form also prints entriesRoot, the Merkle root over the canonical rows. The second
 * checks an inclusion proof (the `proof` list of /api/draw/lookup, or that answer's proof object,
 * in a file) against a published entriesRoot: leaf = SHA-256(0x00 ‖ row), parent =
 * SHA-256(0x01 ‖ left ‖ right). It prints "proof OK" (exit 0) or why not (exit 1).
 *
 * It prints entryCount, entriesHash and seedHash (compare them with the public record) and the
 * selected entries: winners in prize order, then reserves. For a redraw pass the original file
 * and the root indexes of the earlier winners (the public record lists them) with --exclude.
 * The file is read as a stream; a 10-million-entry file needs little memory.
 */
import { createHash, createHmac } from 'node:crypto'
import { createReadStream, readFileSync } from 'node:fs'

const sha = (...parts) => {
  const h = createHash('sha256')
  for (const part of parts) h.update(part)
  return h.digest()
}
const LEAF = Buffer.from([0])
const NODE = Buffer.from([1])

if (process.argv[2] === '--proof') {
  const [root, rowOrLeaf, proofFile] = process.argv.slice(3)
  if (!/^[0-9a-f]{64}$/.test(root ?? '') || rowOrLeaf === undefined || !proofFile) {
    console.error('usage: node scripts/verify-draw.mjs --proof <entriesRoot: 64 hex digits> <canonical row | leaf:<64 hex digits>> <proof.json>')
    process.exit(2)
  }
  const given = JSON.parse(readFileSync(proofFile, 'utf8'))
  const steps = Array.isArray(given) ? given : (given.proof ?? given.proofs?.[0]?.proof ?? [])
  let acc = rowOrLeaf.startsWith('leaf:') ? Buffer.from(rowOrLeaf.slice(5), 'hex') : sha(LEAF, Buffer.from(rowOrLeaf, 'utf8'))
  for (const step of steps) {
    const sibling = Buffer.from(step.hash, 'hex')
    if (sibling.length !== 32 || (step.side !== 'left' && step.side !== 'right')) {
      console.error(`not a proof step: ${JSON.stringify(step)}`)
      process.exit(1)
    }
    acc = step.side === 'left' ? sha(NODE, sibling, acc) : sha(NODE, acc, sibling)
  }
  if (acc.toString('hex') === root) {
    console.log('proof OK')
    process.exit(0)
  }
  console.log(`proof does not lead to the root: it leads to ${acc.toString('hex')}`)
  process.exit(1)
}

const [file, seedHex, winnersArg, reservesArg, ...rest] = process.argv.slice(2)
if (!file || !/^[0-9a-fA-F]{64}$/.test(seedHex ?? '') || !/^\d+$/.test(winnersArg ?? '') || !/^\d+$/.test(reservesArg ?? '')) {
  console.error('usage: node scripts/verify-draw.mjs entries.csv <seed: 64 hex digits> <winners> <reserves> [--exclude i,j,...]')
  process.exit(2)
}
const excludeAt = rest.indexOf('--exclude')
const excluded = new Set(excludeAt >= 0 ? (rest[excludeAt + 1] ?? '').split(',').filter(Boolean).map(Number) : [])

/** RFC 4180 records of the file, chunk by chunk (quotes may span lines and chunks). */
async function* records(path) {
  let field = ''
  let fields = []
  let inQuotes = false
  let quotePending = false
  let pendingCr = false
  let first = true
  let fieldStarted = false
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const flush = () => {
    fields.push(field)
    const out = fields
    fields = []
    field = ''
    fieldStarted = false
    return out
  }
  for await (const chunk of createReadStream(path)) {
    let text = decoder.decode(chunk, { stream: true })
    if (first) {
      first = false
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    const out = []
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]
      if (pendingCr) {
        pendingCr = false
        if (ch === '\n') continue
      }
      if (inQuotes) {
        if (quotePending) {
          quotePending = false
          if (ch === '"') {
            field += '"'
            continue
          }
          inQuotes = false
        } else if (ch === '"') {
          quotePending = true
          continue
        } else {
          field += ch
          continue
        }
      }
      if (ch === ',') {
        fields.push(field)
        field = ''
        fieldStarted = true
      } else if (ch === '\n' || ch === '\r') {
        out.push(flush())
        if (ch === '\r') pendingCr = true
      } else if (ch === '"' && field.trim() === '') {
        inQuotes = true
        field = ''
        fieldStarted = true
      } else {
        field += ch
        fieldStarted = true
      }
    }
    yield* out
  }
  if (field !== '' || fields.length > 0 || fieldStarted) yield flush()
}

const canonicalField = (value) => {
  const v = value.trim()
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
}

// 1. Canonical entries: header excluded, empty rows skipped, fields trimmed and re-quoted.
/** Calls `onRow(row, index)` for every canonical row of the draw (after exclusion), in order. */
async function eachRow(onRow) {
  let header
  let rootIndex = -1
  let index = 0
  for await (const fields of records(file)) {
    if (fields.every((f) => f.trim() === '')) continue
    if (!header) {
      header = fields
      continue
    }
    if (fields.length !== header.length) {
      console.error(`ragged row: ${fields.length} columns, the header has ${header.length}`)
      process.exit(1)
    }
    rootIndex += 1
    if (excluded.has(rootIndex)) continue
    onRow(fields.map(canonicalField).join(','), index++)
  }
  return index
}
const hash = createHash('sha256')
// The Merkle root, one pending node per level: a finished pair of equal subtrees merges upward;
// at the end the leftovers fold from the right, which is the odd-node-carried-up rule.
const pending = []
const N = await eachRow((row) => {
  hash.update(`${row}\n`)
  let node = sha(LEAF, Buffer.from(row, 'utf8'))
  let level = 0
  while (pending[level]) {
    node = sha(NODE, pending[level], node)
    pending[level++] = undefined
  }
  pending[level] = node
})
const entriesHash = hash.digest('hex')
const entriesRoot = pending.reduce((acc, node) => (node ? (acc ? sha(NODE, node, acc) : node) : acc), undefined)
const seed = Buffer.from(seedHex, 'hex')
const k = Number(winnersArg) + Number(reservesArg)
console.log(`algorithm    permitdesk-draw-v1`)
console.log(`entryCount   ${N}`)
console.log(`entriesHash  ${entriesHash}`)
console.log(`entriesRoot  ${entriesRoot ? entriesRoot.toString('hex') : ''}`)
console.log(`seedHash     ${createHash('sha256').update(seed).digest('hex')}`)
if (k < 1 || k > N) {
  console.error('winners + reserves must be between 1 and the number of entries')
  process.exit(1)
}

// 2. The stream: HMAC-SHA256(seed, "<entriesHash>:<c>") as big-endian uint32s, 8 per block.
let block = 0
let words = []
const next = () => {
  if (words.length === 0) {
    const bytes = createHmac('sha256', seed).update(`${entriesHash}:${block++}`, 'ascii').digest()
    for (let i = 7; i >= 0; i--) words.push(bytes.readUInt32BE(i * 4))
  }
  return words.pop()
}
const uniform = (n) => {
  const limit = 2 ** 32 - (2 ** 32 % n)
  for (;;) {
    const u = next()
    if (u < limit) return u % n
  }
}

// 3. Partial Fisher–Yates over a virtual array, swapped slots only.
const swapped = new Map()
const at = (i) => swapped.get(i) ?? i
const winners = Number(winnersArg)
const selected = []
for (let i = 0; i < k; i++) {
  const j = i + uniform(N - i)
  const ai = at(i)
  const aj = at(j)
  swapped.set(i, aj)
  swapped.set(j, ai)
  selected.push(aj)
}
// 4. A second pass fetches the selected rows' text, so the file is never held in memory.
const text = new Map(selected.map((index) => [index, '']))
await eachRow((row, index) => text.has(index) && text.set(index, row))
selected.forEach((index, i) => {
  const label = i < winners ? `winner ${i + 1}` : `reserve ${i - winners + 1}`
  console.log(`${label.padEnd(12)} index ${index}  ${text.get(index)}`)
})
