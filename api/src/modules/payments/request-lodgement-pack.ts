/**
 * The lodgement pack as the customer and staff reach it (issue 12): its state and progress
 * (GET /api/promotion/lodgementPack), a request to build it (POST /api/promotion/requestLodgementPack,
 * also queued by a submission, resubmission, amendment or addendum), and the download of the
 * stored zip (/promotions/downloadpdfs/{id}: 409 with a clear message while it is being built).
 *
 * With a job runner (main.ts), marking the pack queued publishes `lodgementPack.requested` in
 * the same transaction and the pack worker builds it (jobs/lodgement-pack.ts); without one (an
 * API started alone) a request builds it in place with the same code.
 */
import { AppError, MSG_LODGEMENT_PACK_BUILDING, MSG_LODGEMENT_PACK_FAILED, MSG_LODGEMENT_PACK_NOT_PAID, type LodgementPackView } from '@permitdesk/shared'
import { requireServicePaid } from './require-service-paid'
import type { LodgementPackRow } from '../../db/schema/lodgement-packs'
import type { PromotionRow } from '../../db/schema/promotions'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { isPaidForLodgement, lodgementPackKey, streamToBuffer } from './build-lodgement-pack'
import { buildLodgementPackNow, type LodgementJobDeps } from './lodgement-pack-job'
import { publishEvent } from '../../events/events'
import { findLodgementPack, markLodgementPackQueued } from './lodgement-packs.repository'
import type { AppDeps } from '../../deps'
import type { DbOrTx } from '../changelog/changelog.repository'

/** The pack's dependencies, and where it is built (AppDeps['lodgementPacks']). */
export type LodgementRequestDeps = LodgementJobDeps & { packs: NonNullable<AppDeps['lodgementPacks']> }
import { brandFor } from '../../mail/templates'

async function ownedPromotion(deps: LodgementJobDeps, viewer: Owner, promotionId: number): Promise<PromotionRow> {
  const row = Number.isSafeInteger(promotionId) && promotionId > 0 ? await findPromotion(deps.db, viewer, promotionId) : undefined
  if (!row || (row.deleted && !viewer.isStaff)) throw new AppError('NOT_FOUND')
  return row
}

function viewOf(row: PromotionRow, pack: LodgementPackRow | undefined, paid: boolean): LodgementPackView {
  const empty = { promotionId: row.id, step: 0, total: 0, attempts: 0, error: null, sizeBytes: null, updatedAt: null, downloadUrl: null }
  if (!paid) return { ...empty, state: 'unpaid' }
  // A pack of an earlier version of the application is not this one's.
  if (!pack || pack.version !== row.version) return { ...empty, state: 'none' }
  return {
    promotionId: row.id,
    state: pack.state,
    step: pack.step,
    total: pack.total,
    attempts: pack.attempts,
    error: pack.error,
    sizeBytes: pack.state === 'ready' ? pack.sizeBytes : null,
    updatedAt: pack.updatedAt.toISOString(),
    downloadUrl: pack.state === 'ready' ? `/promotions/downloadpdfs/${row.id}` : null,
  }
}

export async function getLodgementPackState(deps: LodgementJobDeps, viewer: Owner, promotionId: number): Promise<LodgementPackView> {
  const row = await ownedPromotion(deps, viewer, promotionId)
  return viewOf(row, await findLodgementPack(deps.db, row.id), await isPaidForLodgement(deps.db, row.id))
}

/**
 * Queues the pack of the promotion's current version, unless it is ready, queued or being built
 * already (`force`: also after a final failure, or to rebuild a ready one). Without a job runner, builds it now.
 */
async function queuePack(deps: LodgementRequestDeps, row: PromotionRow, { force = false } = {}, tx?: DbOrTx): Promise<void> {
  const pack = await findLodgementPack(tx ?? deps.db, row.id)
  const current = pack && pack.version === row.version
  if (current && (pack.state === 'queued' || pack.state === 'building')) return
  if (current && pack.state === 'ready' && !force) return
  if (current && pack.state === 'failed' && !force) return
  if (deps.packs === 'events') {
    // Queued and announced together: the worker builds exactly what the row says is queued, and a rollback leaves neither.
    const mark = async (t: DbOrTx) => {
      await markLodgementPackQueued(t, row.id, row.version)
      await publishEvent(t, 'lodgementPack.requested', { promotionId: row.id, version: row.version })
    }
    // Outside a handler, the promotion is locked first, as the handlers lock it: the pack row's
    // foreign key check would otherwise wait for a handler's lock while it holds the pack row (a deadlock).
    const lockThenMark = async (t: DbOrTx) => {
      await findPromotion(t, { userId: 0, isStaff: true }, row.id, { forUpdate: true })
      await mark(t)
    }
    await (tx ? mark(tx) : deps.db.transaction(lockThenMark))
    return
  }
  await markLodgementPackQueued(deps.db, row.id, row.version)
  // No job runner in this process: build it here (a failure is recorded and reported like the job's last attempt).
  await buildLodgementPackNow(deps, row.id).catch(() => undefined)
}

/** On demand, from the dashboard or the staff promotion page. */
export async function requestLodgementPack(deps: LodgementRequestDeps, viewer: Owner, promotionId: number): Promise<LodgementPackView> {
  const row = await ownedPromotion(deps, viewer, promotionId)
  await requireServicePaid(deps.db, row.id, 'lodgementPack')
  if (!(await isPaidForLodgement(deps.db, row.id))) throw new AppError('CONFLICT', MSG_LODGEMENT_PACK_NOT_PAID)
  await queuePack(deps, row, { force: true })
  return getLodgementPackState(deps, viewer, promotionId)
}

/** The pack's dependencies out of the app's. */
export function lodgementDeps(deps: AppDeps): LodgementRequestDeps {
  return {
    db: deps.database.db,
    storage: deps.storage,
    pdf: deps.pdf,
    productName: brandFor(deps.config).productName,
    logger: deps.logger,
    packs: deps.lodgementPacks ?? 'in-request',
  }
}

/**
 * After a submission, resubmission, payment, addendum or T&C approval committed: queue the pack of the new
 * version, if it is paid. Only with a job runner (a request without one builds it when asked).
 * Never throws: a failure to queue is logged, and the dashboard or a download queues it again.
 */
export async function queueLodgementPackAfterSubmission(deps: LodgementRequestDeps, promotionId: number): Promise<void> {
  if (deps.packs !== 'events') return
  try {
    await deps.db.transaction((tx) => queueLodgementPackIn(deps, tx, promotionId))
  } catch (error) {
    deps.logger.error('could not queue the lodgement pack', { promotionId, error: error instanceof Error ? error.message : String(error) })
  }
}

/**
 * The same, in the transaction `tx` of an event handler (jobs/lodgement-pack.ts): the promotion row
 * is locked first, so a payment's two events (submitted, paid) handled at once queue one pack.
 */
export async function queueLodgementPackIn(deps: LodgementRequestDeps, tx: DbOrTx, promotionId: number): Promise<void> {
  const row = await findPromotion(tx, { userId: 0, isStaff: true }, promotionId, { forUpdate: true })
  if (!row || !(await isPaidForLodgement(tx, row.id))) return
  await queuePack(deps, row, {}, tx)
}

/** The download: the stored zip of this version, or 409 while it is being prepared (queued now if it was not). */
export async function downloadLodgementPack(deps: LodgementRequestDeps, viewer: Owner, promotionId: number): Promise<{ id: number; zip: Buffer }> {
  const row = await ownedPromotion(deps, viewer, promotionId)
  await requireServicePaid(deps.db, row.id, 'lodgementPack')
  if (!(await isPaidForLodgement(deps.db, row.id))) throw new AppError('CONFLICT', MSG_LODGEMENT_PACK_NOT_PAID)
  let pack = await findLodgementPack(deps.db, row.id)
  if (!pack || pack.version !== row.version || (pack.state === 'ready' && !(await deps.storage.exists(pack.storageKey ?? lodgementPackKey(row))))) {
    await queuePack(deps, row, { force: true })
    pack = await findLodgementPack(deps.db, row.id)
  }
  if (pack?.state === 'ready' && pack.version === row.version) {
    const stream = await deps.storage.get(pack.storageKey ?? lodgementPackKey(row))
    if (stream) return { id: row.id, zip: await streamToBuffer(stream) }
  }
  if (pack?.state === 'failed')
    throw new AppError(
      'CONFLICT',
      pack.error && pack.error !== MSG_LODGEMENT_PACK_FAILED ? `${MSG_LODGEMENT_PACK_FAILED} ${pack.error}` : MSG_LODGEMENT_PACK_FAILED,
    )
  throw new AppError('CONFLICT', MSG_LODGEMENT_PACK_BUILDING)
}
