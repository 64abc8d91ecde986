/**
 * The "verify this draw" panel of /draws/{publicId}/ (issue 15), bundled for the browser by
 * esbuild when the product is built (issue 31: never on a request). Everything runs locally: the chosen entries file never leaves the
 * browser. It re-reads the file into canonical entries (the shared reader), hashes them as they
 * stream (SHA-256, incremental), checks seedHash and re-runs the selection with Web Crypto's HMAC.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { fromHex, selectIndexes, toHex } from '../../../../shared/src/draws/algorithm'
import { EntriesCanonicaliser } from '../../../../shared/src/draws/canonical-entries'
import { CsvReader } from '../../../../shared/src/draws/csv-reader'
import { MerkleBuilder, verifyInclusion, type ProofStep } from '../../../../shared/src/draws/merkle'
import { MSG_DRAW_LOOKUP_NOT_FOUND, msgDrawLookupNotProven, msgDrawLookupProven } from '../../../../shared/src/draws/messages'

type PublicDraw = {
  publicId: string
  entryCount: number | null
  entriesHash: string | null
  entriesRoot: string | null
  seedHash: string | null
  seed: string | null
  winners: { entryIndex: number }[]
  reserves: { entryIndex: number }[]
  excludedRootIndexes: number[]
}

const $ = (id: string) => document.getElementById(id)!
const data = JSON.parse($('draw-data').textContent!) as PublicDraw

function line(text: string, ok: boolean | null) {
  const li = document.createElement('li')
  li.textContent = `${ok === null ? '•' : ok ? '✓' : '✗'} ${text}`
  li.className = ok === null ? '' : ok ? 'ok' : 'bad'
  $('verify-steps').append(li)
}

async function verify(file: File) {
  $('verify-steps').replaceChildren()
  const summary = $('verify-result')
  summary.textContent = 'Reading the file…'
  summary.className = ''
  const hash = sha256.create()
  const encoder = new TextEncoder()
  const excluded = new Set(data.excludedRootIndexes)
  let rootIndex = -1
  let batch = ''
  // The entries root (DESIGN.md §5a) is recomputed beside the hash: a second implementation of the tree.
  const tree = new MerkleBuilder((bytes) => sha256(bytes))
  const canonicaliser = new EntriesCanonicaliser((row) => {
    rootIndex += 1
    if (excluded.has(rootIndex)) return
    tree.addRow(row.endsWith('\n') ? row.slice(0, -1) : row)
    batch += row
    if (batch.length > 65_536) {
      hash.update(encoder.encode(batch))
      batch = ''
    }
  })
  const reader = new CsvReader()
  const decoder = new TextDecoder('utf-8')
  const stream = file.stream().getReader()
  let read = 0
  for (;;) {
    const { done, value } = await stream.read()
    if (done) break
    read += value.length
    for (const r of reader.push(decoder.decode(value, { stream: true }))) canonicaliser.add(r.fields, r.line)
    summary.textContent = `Reading the file… ${Math.round((100 * read) / file.size)}%`
  }
  for (const r of reader.push(decoder.decode())) canonicaliser.add(r.fields, r.line)
  for (const r of reader.end()) canonicaliser.add(r.fields, r.line)
  canonicaliser.finish()
  if (batch) hash.update(encoder.encode(batch))
  const entriesHash = toHex(hash.digest())
  const entryCount = canonicaliser.count - excluded.size
  const countOk = entryCount === data.entryCount
  const hashOk = entriesHash === data.entriesHash
  line(`Entries counted: ${entryCount.toLocaleString('en-AU')} (published ${data.entryCount?.toLocaleString('en-AU')})`, countOk)
  line(`Entries hash: ${entriesHash}`, hashOk)
  let allOk = countOk && hashOk
  if (data.entriesRoot && tree.count > 0) {
    const entriesRoot = toHex(tree.root())
    const rootOk = entriesRoot === data.entriesRoot
    line(`Entries root (Merkle): ${entriesRoot}`, rootOk)
    allOk = allOk && rootOk
  }
  if (!data.seed) {
    line('The draw has not run yet: the seed is revealed when it runs.', null)
  } else {
    const seed = fromHex(data.seed)
    const seedHash = toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', seed as BufferSource)))
    const seedOk = seedHash === data.seedHash
    line(`Seed hash: ${seedHash}`, seedOk)
    const key = await crypto.subtle.importKey('raw', seed as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
    const hmac = async (_key: Uint8Array, message: Uint8Array) => new Uint8Array(await crypto.subtle.sign('HMAC', key, message as BufferSource))
    const published = [...data.winners, ...data.reserves].map((s) => s.entryIndex)
    const selected = await selectIndexes({ seed, entriesHash, entryCount, count: published.length, hmac })
    const selectionOk = selected.length === published.length && selected.every((v, i) => v === published[i])
    line(`Selection recomputed: ${selected.join(', ')}`, selectionOk)
    allOk = allOk && seedOk && selectionOk
  }
  summary.textContent = allOk
    ? data.seed
      ? 'Verified: this file, this seed and the algorithm give exactly the published result.'
      : 'Verified: this file is the committed entries list.'
    : 'Not verified: see the steps that do not match.'
  summary.className = allOk ? 'ok' : 'bad'
}

function verifyChosen() {
  const file = ($('verify-file') as HTMLInputElement).files?.[0]
  if (file)
    verify(file).catch((error: unknown) => {
      $('verify-result').textContent = `Not verified: ${error instanceof Error ? error.message : String(error)}`
      $('verify-result').className = 'bad'
    })
}
$('verify-file').addEventListener('change', verifyChosen)
// A file chosen before this module loaded is checked now; the flag tells tests and styles the panel is live.
verifyChosen()
$('verify-file').dataset.ready = 'true'

const lookup = document.getElementById('lookup-form') as HTMLFormElement | null
lookup?.addEventListener('submit', async (event) => {
  event.preventDefault()
  const value = (lookup.elements.namedItem('value') as HTMLInputElement).value
  const out = $('lookup-result')
  const response = await fetch(`/api/draw/lookup?publicId=${encodeURIComponent(data.publicId)}&value=${encodeURIComponent(value)}`)
  const body = await response.json()
  if (!response.ok) {
    out.textContent = body.message
    return
  }
  if (!body.found) {
    out.textContent = MSG_DRAW_LOOKUP_NOT_FOUND
    out.className = ''
    return
  }
  // Each proof is checked here against the root published at the commit: the server is not trusted.
  const webSha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource))
  const proofs = body.proofs as { entryIndex: number; leaf: string; entry: string; proof: ProofStep[] }[]
  const checked = await Promise.all(
    proofs.map((p) => (data.entriesRoot ? verifyInclusion({ leaf: p.leaf, proof: p.proof, root: data.entriesRoot }, webSha256) : false)),
  )
  const entries =
    proofs.map((p) => `entry ${p.entryIndex + 1}: ${p.entry || 'hidden'}`).join('; ') || `entry ${body.entryIndexes.map((i: number) => i + 1).join(', ')}`
  const proven = proofs.length > 0 && checked.every(Boolean)
  out.textContent = proven ? msgDrawLookupProven(entries) : msgDrawLookupNotProven(entries)
  out.className = proven ? 'ok' : 'bad'
})
