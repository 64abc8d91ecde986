/**
 * Freezing a promotion's entries into its draw without a CSV (issue 27): every entry not excluded,
 * in entry number order, becomes one row of a CSV generated on the fly and streamed through the
 * draws module's own upload path (ingestEntries), so the canonical rows, `entriesHash`, row index
 * and `entriesRoot` are exactly those of an upload of the same file; then the draw is committed.
 * The rows carry the entry number and masked fields only, never full personal data.
 */
import { Readable } from 'node:stream'
import {
  AppError,
  canonicalRow,
  ENTRY_EXCLUSION_REASONS,
  entryPeriod,
  exclusionCategoryOf,
  maskEmail,
  maskText,
  MSG_FREEZE_DRAW_COMMITTED,
  MSG_FREEZE_NO_ENTRIES,
  MSG_SCREENING_FROZEN,
  msgEntriesExcluded,
} from '@permitdesk/shared'
import { commitDraw, createDraw, requireDraw, requireNotCancelled, type DrawDeps } from '../draws/draw-service'
import { findDrawsOfPromotion, replaceEntries } from '../draws/draws.repository'
import { ingestEntries } from '../draws/ingest-entries'
import { deleteProofIndex } from '../draws/proof-index'
import { rowIndexKey } from '../draws/row-index'
import * as repo from './freeze.repository'
import { formStatusOf, screeningCounts } from './screening.repository'
import { requireScreenable, type Owner } from './screening-run'

/** The columns of a frozen draw's entries. */
export const FROZEN_HEADER = ['entry', 'name', 'email', 'phone', 'state', 'postcode'] as const

const value = (v: string | null) => (v ?? '').trim()

/** Printable ASCII and spaces only: the shared masking rules then reduce to the byte loops below. */
const PLAIN = /^[\x20-\x7e]*$/

/** maskText for plain text (the freeze masks a million names): initials of the space-separated words. */
function maskTextPlain(v: string): string {
  let out = ''
  let atWordStart = true
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i)
    if (c === 32) atWordStart = true
    else if (atWordStart) {
      out += `${out ? ' ' : ''}${c >= 97 && c <= 122 ? String.fromCharCode(c - 32) : v[i]}.`
      atWordStart = false
    }
  }
  return out
}

/** maskEmail for plain text: one `@` with something either side and no space, else the text rule. */
function maskEmailPlain(v: string): string {
  const at = v.indexOf('@')
  if (at <= 0 || at === v.length - 1 || v.indexOf('@', at + 1) >= 0 || v.includes(' ')) return maskTextPlain(v)
  return `${v[0]}***@${v.slice(at + 1)}`
}

/** maskDigits without a regular expression: every ASCII digit but the last three masked. */
function maskDigitsPlain(v: string): string {
  let total = 0
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i)
    if (c >= 48 && c <= 57) total += 1
  }
  let out = ''
  let seen = 0
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i)
    out += c >= 48 && c <= 57 && ++seen <= total - 3 ? '*' : v[i]
  }
  return out
}

/**
 * One entry as its canonical row's fields: the number in full, personal data masked by the shared
 * rules (maskText, maskEmail, maskDigits); plain ASCII values take loops that give the same text
 * (a property test holds them to the shared rules), anything else the shared functions themselves.
 */
export function frozenFields(row: repo.FreezeRow): string[] {
  const name = value(row.name)
  const email = value(row.email)
  const phone = value(row.phone)
  return [
    row.id,
    name && (PLAIN.test(name) ? maskTextPlain(name) : maskText(name)),
    email && (PLAIN.test(email) ? maskEmailPlain(email) : maskEmail(email)),
    phone && maskDigitsPlain(phone),
    value(row.state),
    value(row.postcode),
  ]
}

/** The next batch is fetched while this one is turned into text (the database and the CPU overlap). */
async function* prefetched<T>(source: AsyncIterable<T>) {
  const iterator = source[Symbol.asyncIterator]()
  let next = iterator.next()
  try {
    for (;;) {
      const current = await next
      if (current.done) return
      next = iterator.next()
      yield current.value
    }
  } finally {
    // Left early: the fetch under way is dropped, then the cursor closed.
    next.catch(() => {})
    await iterator.return?.()
  }
}

/** The entries as CSV text, 64 KB at a time, straight from the COPY stream (the bench drains it alone too). */
export async function* frozenCsv(rows: AsyncIterable<repo.FreezeRow[]>) {
  let text = `${FROZEN_HEADER.join(',')}\n`
  for await (const batch of prefetched(rows)) {
    for (const row of batch) {
      text += `${canonicalRow(frozenFields(row))}\n`
      if (text.length >= 65_536) {
        yield Buffer.from(text, 'utf8')
        text = ''
      }
    }
  }
  if (text) yield Buffer.from(text, 'utf8')
}

/** "1,204 entries excluded as duplicates under clause 7 of the T&Cs", most first. */
export function exclusionLines(counts: { kind: string | null; clause: string | null; count: number }[]): string[] {
  const merged = new Map<string, { reason: string; clause: string | null; count: number }>()
  for (const c of counts) {
    const reason = ENTRY_EXCLUSION_REASONS[exclusionCategoryOf(c.kind)]
    const key = `${reason}\u0000${c.clause ?? ''}`
    const line = merged.get(key) ?? { reason, clause: c.clause, count: 0 }
    line.count += c.count
    merged.set(key, line)
  }
  return [...merged.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)).map((l) => msgEntriesExcluded(l.count, l.reason, l.clause))
}

/** The draw the entries go into: the one named, else the promotion's newest open draw, else a new one with the application's defaults. */
async function drawFor(deps: DrawDeps, owner: Owner, promotionId: number, drawId: number | undefined) {
  if (drawId !== undefined) {
    const draw = await requireDraw(deps, owner, drawId)
    if (draw.promotionId !== promotionId || draw.parentId !== null) throw new AppError('NOT_FOUND')
    requireNotCancelled(draw)
    if (draw.committedAt) throw new AppError('CONFLICT', MSG_FREEZE_DRAW_COMMITTED)
    return draw
  }
  const open = (await findDrawsOfPromotion(deps.database.db, promotionId)).filter((d) => d.parentId === null && !d.cancelledAt && !d.committedAt).at(-1)
  if (open) return open
  const created = await createDraw(deps, owner, { promotionId })
  return requireDraw(deps, owner, created.id)
}

/**
 * POST /api/entries/freeze (and the close of the entry period): freezes the form, writes the
 * entries not excluded into the draw, records why the others were left out on its public record,
 * and commits it. A failure before the commit leaves the form as it was, to decide and try again.
 */
export async function freezeEntries(
  deps: DrawDeps,
  owner: Owner,
  promotionId: number,
  { drawId, actorId = owner.userId }: { drawId?: number | undefined; actorId?: number | null } = {},
) {
  await requireScreenable(deps, owner, promotionId)
  // Refusals first, so a refused freeze creates no draw.
  const form = await formStatusOf(deps.database.db, promotionId)
  const noEntries = () => new AppError('VALIDATION', MSG_FREEZE_NO_ENTRIES, { modelState: { promotionId: [MSG_FREEZE_NO_ENTRIES] } })
  if (!form) throw noEntries()
  if (form.status === 'frozen') throw new AppError('CONFLICT', MSG_SCREENING_FROZEN)
  const counts = await screeningCounts(deps.database.db, promotionId)
  if (counts.total - counts.excluded === 0) throw noEntries()
  const draw = await drawFor(deps, owner, promotionId, drawId)
  const begun = await repo.beginFreeze(deps.database.db, promotionId)
  if (!begun) throw new AppError('CONFLICT', MSG_SCREENING_FROZEN)
  let committed = false
  try {
    const stored = await ingestEntries(deps.storage, Readable.from(frozenCsv(repo.entriesToFreeze(deps.database.pool, promotionId))), {
      limitBytes: Number.MAX_SAFE_INTEGER,
    }).catch((error: unknown) => {
      // The only refusal a generated file can meet: a header and no rows (every entry excluded meanwhile).
      if (error instanceof AppError && error.code === 'VALIDATION') throw noEntries()
      throw error
    })
    const replaced = await replaceEntries(deps.database.db, draw.id, {
      entriesKey: stored.key,
      entryCount: stored.entryCount,
      entriesHash: stored.entriesHash,
      entriesBytes: stored.bytes,
      header: stored.header,
      rowOffsets: stored.rowOffsets,
      rowIndexEvery: stored.rowIndexEvery,
      sourceFileName: 'entries (frozen from PermitDesk)',
    })
    if (!replaced) {
      await deps.storage.delete(stored.key).catch(() => {})
      await deps.storage.delete(rowIndexKey(stored.key)).catch(() => {})
      // The proof index is built beside the upload (issue 23): it goes with the entries it indexes.
      await deleteProofIndex(deps.storage, stored.key).catch(() => {})
      throw new AppError('CONFLICT', MSG_FREEZE_DRAW_COMMITTED)
    }
    if (draw.entriesKey && draw.entriesKey !== stored.key) {
      await deps.storage.delete(draw.entriesKey).catch(() => {})
      await deps.storage.delete(rowIndexKey(draw.entriesKey)).catch(() => {})
      await deleteProofIndex(deps.storage, draw.entriesKey).catch(() => {})
    }
    const counts = await repo.exclusionCounts(deps.database.db, promotionId)
    const lines = exclusionLines(counts)
    await repo.setExclusionLines(deps.database.db, draw.id, lines)
    const commit = await commitDraw(deps, owner, draw.id)
    committed = true
    const excluded = counts.reduce((sum, c) => sum + c.count, 0)
    await repo.finishFreeze(deps.database.db, promotionId, draw.id, actorId, { entryCount: commit.entryCount, excluded, entriesHash: commit.entriesHash })
    return { drawId: draw.id, publicId: draw.publicId, ...commit, excluded, exclusionLines: lines }
  } catch (error) {
    if (!committed) await repo.abandonFreeze(deps.database.db, promotionId, begun.previous).catch(() => {})
    throw error
  }
}

/**
 * At the close (the application's end date and time, Sydney): every form whose entry period has
 * ended is frozen into its draw as its owner would, recorded as done by the system. A freeze that
 * cannot happen (more winners than entries) is logged and tried again at the next run.
 */
export async function freezeClosedEntries(deps: DrawDeps, now: Date): Promise<{ frozen: number; failed: number }> {
  let frozen = 0
  let failed = 0
  for (const form of await repo.formsNotFrozen(deps.database.db)) {
    const period = entryPeriod((form.permit ?? {}) as Parameters<typeof entryPeriod>[0])
    if (!period || period.closesAt > now) continue
    try {
      await freezeEntries(deps, { userId: form.userId, isStaff: false }, form.promotionId, { actorId: null })
      frozen += 1
    } catch (error) {
      failed += 1
      deps.logger.error('entries not frozen at the close', { promotionId: form.promotionId, error: error instanceof AppError ? error.message : String(error) })
    }
  }
  return { frozen, failed }
}
