/**
 * Builds a promotion's lodgement pack (issue 12), as the `lodgement-pack` job does (or a request,
 * when this process has no job queue): the promotion's current version, each form, notice and
 * attachment a step of the progress the dashboard shows, then the zip kept in storage.
 *
 * A failed attempt throws, so pg-boss retries it with backoff; the row shows `queued` with the
 * reason meanwhile. The last attempt's failure is `failed` with the reason, logged, and reported
 * to staff as a task, never silently lost.
 */
import {
  MSG_LODGEMENT_PACK_FAILED,
  MSG_LODGEMENT_PACK_FORMS_FAILED,
  MSG_LODGEMENT_PACK_NOT_PAID,
  MSG_LODGEMENT_PACK_STORAGE_FAILED,
  MSG_PDF_UNAVAILABLE,
} from '@permitdesk/shared'
import type { Logger } from '../../logger'
import { isPdfUnavailable } from '../../pdf/pdf-failure'
import { findPromotion, insertStaffTask } from '../promotions/promotions.repository'
import { isPaidForLodgement, lodgementPackKey, lodgementSteps, zipFiles, type LodgementDeps } from './build-lodgement-pack'
import { markLodgementPackBuilding, markLodgementPackFailed, markLodgementPackReady, markLodgementPackStep } from './lodgement-packs.repository'

export type LodgementJobDeps = LodgementDeps & { logger: Logger }

/** A failure of the file store (the zip could not be kept): worth retrying. */
export class LodgementStorageError extends Error {}

/** A form or notice did not print. */
export class LodgementFormError extends Error {}

/** The reason a customer and staff see: ours, never an internal message. */
export function lodgementFailureReason(error: unknown): string {
  if (isPdfUnavailable(error)) return MSG_PDF_UNAVAILABLE
  if (error instanceof LodgementStorageError) return MSG_LODGEMENT_PACK_STORAGE_FAILED
  if (error instanceof LodgementFormError) return MSG_LODGEMENT_PACK_FORMS_FAILED
  return MSG_LODGEMENT_PACK_FAILED
}

const STAFF = { userId: 0, isStaff: true }

export type LodgementAttempt = { attempt: number; lastAttempt: boolean }

/**
 * One attempt. Resolves with what happened; throws (after recording it) when the attempt failed
 * and should be retried or reported by the caller.
 */
export async function buildLodgementPackNow(
  deps: LodgementJobDeps,
  promotionId: number,
  { lastAttempt }: LodgementAttempt = { attempt: 1, lastAttempt: true },
): Promise<'ready' | 'superseded' | 'gone' | 'unpaid'> {
  const row = await findPromotion(deps.db, STAFF, promotionId)
  if (!row || row.deleted) return 'gone'
  if (!(await isPaidForLodgement(deps.db, row.id))) {
    await markLodgementPackFailed(deps.db, row.id, MSG_LODGEMENT_PACK_NOT_PAID, true)
    return 'unpaid'
  }
  const steps = lodgementSteps(deps, row)
  const total = steps.length + 1 // the zip, stored
  await markLodgementPackBuilding(deps.db, row.id, row.version, total)
  try {
    const files: { name: string; data: Buffer }[] = []
    for (const [index, step] of steps.entries()) {
      let data: Buffer | null
      try {
        data = await step.make()
      } catch (error) {
        if (isPdfUnavailable(error)) throw error
        throw new LodgementFormError(`${step.name}: ${(error as Error).message}`, { cause: error })
      }
      if (data) files.push({ name: step.name, data })
      await markLodgementPackStep(deps.db, row.id, row.version, index + 1)
    }
    const zip = await zipFiles(files)
    const key = lodgementPackKey(row)
    try {
      await deps.storage.put(key, zip)
    } catch (error) {
      throw new LodgementStorageError(`storage put ${key}: ${(error as Error).message}`, { cause: error })
    }
    return (await markLodgementPackReady(deps.db, row.id, row.version, key, zip.length)) ? 'ready' : 'superseded'
  } catch (error) {
    const reason = lodgementFailureReason(error)
    await markLodgementPackFailed(deps.db, row.id, reason, lastAttempt)
    const detail = error instanceof Error ? error.message : String(error)
    if (lastAttempt) {
      deps.logger.error('lodgement pack failed', { promotionId: row.id, version: row.version, error: detail })
      await insertStaffTask(deps.db, {
        kind: 'lodgement-pack',
        note: `The lodgement pack of promotion ${row.id} (version ${row.version}) could not be built: ${reason} (${detail}). Ask for it again from the promotion page once fixed.`,
        promotionId: row.id,
      })
    } else {
      deps.logger.warn('lodgement pack attempt failed; it will be retried', { promotionId: row.id, version: row.version, error: detail })
    }
    throw error
  }
}
