/**
 * Freezing a promotion's entries into its draw without a CSV (issue 27): every entry not excluded,
 * in entry number order, is one row of the canonical file, stored with the entry when it arrived
 * (canonical-entry.ts) and streamed out of PostgreSQL through the draws module's own upload path
 * (ingestEntries), so the canonical rows, `entriesHash`, row index and `entriesRoot` are exactly
 * those of an upload of the same file; then the draw is committed. The rows carry the entry number
 * and masked fields only, never full personal data.
 */
import { Readable } from 'node:stream'
import {
  AppError,
  ENTRY_EXCLUSION_REASONS,
  entryPeriod,
  exclusionCategoryOf,
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
import type { Db } from '../../db/client'
import { canonicalAfterNumber } from './canonical-entry'
import * as repo from './freeze.repository'
import { formStatusOf } from './screening.repository'
import { requireScreenable, type Owner } from './screening-run'

/** The columns of a frozen draw's entries. */
export const FROZEN_HEADER = ['entry', 'name', 'email', 'phone', 'state', 'postcode'] as const

/** Entries that have no stored canonical row yet are filled this many at a time. */
const FILL_BATCH = 5_000

/**
 * Entries from before their canonical row was stored at arrival (migration 0043), or whose row
 * retention cleared, get it written now, by the same rules (canonicalAfterNumber); entries that
 * arrived since cost one index probe.
 */
export async function fillMissingCanonical(db: Db, promotionId: number): Promise<number> {
  let filled = 0
  let afterId = '0'
  for (;;) {
    const rows = await repo.entriesWithoutCanonical(db, promotionId, afterId, FILL_BATCH)
    if (rows.length === 0) return filled
    afterId = rows.at(-1)!.id
    await repo.storeCanonical(
      db,
      rows.map((r) => ({ id: r.id, canonical: canonicalAfterNumber(r) })),
    )
    filled += rows.length
  }
}

/** The frozen file: its header, then the stored canonical rows (and their leaves) as PostgreSQL streams them. */
export async function* frozenCsv(rows: AsyncIterable<repo.RowsAndLeaves>): AsyncGenerator<repo.RowsAndLeaves> {
  yield { bytes: Buffer.from(`${FROZEN_HEADER.join(',')}\n`, 'utf8'), leaves: Buffer.alloc(0) }
  yield* rows
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
  // Not screeningCounts: its counts read every entry's flags, and only "any entry left?" matters here.
  if (!(await repo.hasEntriesToFreeze(deps.database.db, promotionId))) throw noEntries()
  const draw = await drawFor(deps, owner, promotionId, drawId)
  const begun = await repo.beginFreeze(deps.database.db, promotionId)
  if (!begun) throw new AppError('CONFLICT', MSG_SCREENING_FROZEN)
  let committed = false
  try {
    await fillMissingCanonical(deps.database.db, promotionId)
    // No decision changes once the form is frozen: the exclusions are counted on another connection while the rows stream.
    const countsRead = repo.exclusionCounts(deps.database.db, promotionId)
    countsRead.catch(() => {})
    const stored = await ingestEntries(deps.storage, Readable.from(frozenCsv(repo.canonicalRowsToFreeze(deps.database.pool, promotionId))), {
      limitBytes: Number.MAX_SAFE_INTEGER,
      // The rows were canonicalised at arrival (canonical-entry.ts): not read again as CSV.
      trusted: true,
      // Their Merkle leaves were hashed by PostgreSQL as they were written (app.entries.leaf, 0048).
      leaves: true,
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
    const counts = await countsRead
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
