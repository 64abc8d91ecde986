import {
  AppError,
  deriveApplicationState,
  isEditableStatus,
  MSG_PERMIT_NOT_EDITABLE,
  MSG_SAVE_VERSION_CONFLICT,
  statusAfterSave,
  type PermitSave,
} from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { PromotionRow } from '../../db/schema/promotions'
import { insertChange, type DbOrTx } from '../changelog/changelog.repository'
import { applicationOf, CUSTOMER_DETAIL_KEYS, promotionIdOf, mergeActionAnswers, STAFF_DETAIL_KEYS, type StoredDetails } from './application-fields'
import { pricingRuleSet } from '../rules/pricing-rule-set'
import { computeFees } from './promotion-fields'
import { toPromotion } from './promotion-view'
import { findPromotion, notesSummary, updatePromotion, type Owner } from './promotions.repository'
import { resolveAttachments } from './resolve-attachments'
import { publishEvent } from '../../events/events'
import type { PromotionChecks } from './promotion-checks'

export type Actor = Owner

/**
 * The promotion for an edit of its application: visible to the actor, in an editable status,
 * inside a bought skill promotion's edit window (customers; decision record 014), and at the version the edit was based on (optimistic concurrency: a save from a stale copy is
 * refused instead of overwriting what another window or staff saved in between).
 */
export async function lockForEdit(tx: DbOrTx, actor: Actor, id: number, versionNumber: number | undefined, checks: PromotionChecks): Promise<PromotionRow> {
  const row = await findPromotion(tx, actor, id, { forUpdate: true })
  if (!row) throw new AppError('NOT_FOUND')
  if (!isEditableStatus(row.statusId)) throw new AppError('CONFLICT', MSG_PERMIT_NOT_EDITABLE, { modelState: { '': [MSG_PERMIT_NOT_EDITABLE] } })
  // Issue 14: once a bought skill promotion's skillsBasedTCEditWindow has closed, the customer's
  // saves are refused too (even of an amendment begun inside the window); staff are not bound.
  await checks.assertAmendable(tx, actor, row, new Date())
  if (versionNumber !== undefined && versionNumber !== row.version) {
    throw new AppError('CONFLICT', MSG_SAVE_VERSION_CONFLICT, {
      modelState: { versionNumber: [MSG_SAVE_VERSION_CONFLICT] },
      internalMessage: `save of promotion ${id} based on version ${versionNumber}, current ${row.version}`,
    })
  }
  return row
}

/**
 * Writes new application values, then recomputes what depends on them (fees: the rule set of
 * rules/pricing-rule-set.ts and the NSW fee by the authority; the status from completeness) and
 * records the change. Answers the promotion as GET /api/promotion/get does.
 */
export async function writeApplication(
  tx: DbOrTx,
  actor: Actor,
  before: PromotionRow,
  values: Partial<Pick<PromotionRow, 'name' | 'startDate' | 'hasNswAuthority' | 'usingRandomDrawsDotCom' | 'permit' | 'applicant' | 'details' | 'attachments'>>,
  action: string,
  checks: PromotionChecks,
) {
  const merged = { ...before, ...values }
  const { fees, requiresPermits } = computeFees(merged, await pricingRuleSet(tx, before))
  const application = applicationOf({ ...merged, fees, requiresPermits })
  const state = deriveApplicationState(application, { now: new Date() })
  const statusId = statusAfterSave(before.statusId, state.applicationComplete, before.managedSubmission)
  const after = await updatePromotion(tx, before.id, { ...values, fees, requiresPermits, statusId })
  // Dates or states may have moved: the reminder worker re-plans on this event.
  await publishEvent(tx, 'promotion.saved', { promotionId: after.id, statusId: after.statusId })
  // Issue 22: an unpaid invoice priced before this change is cancelled; the next payment invoices the new fees.
  await checks.cancelStaleInvoices(tx, after, actor.userId)
  const changed = (Object.keys(values) as (keyof typeof values)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
  if (changed.length > 0 || statusId !== before.statusId) {
    await insertChange(tx, {
      promotionId: before.id,
      userId: actor.userId,
      entity: 'permit',
      entityId: before.id,
      action,
      changes: {
        ...Object.fromEntries(changed.map((key) => [key, { from: summarise(before[key]), to: summarise(after[key]) }])),
        ...(statusId !== before.statusId ? { statusId: { from: before.statusId, to: statusId } } : {}),
      },
    })
  }
  return after
}

/** Changelog values stay small: the whole application body is summarised, not copied. */
function summarise(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  return '(changed)'
}

export async function promotionResponse(db: DbOrTx, row: PromotionRow) {
  const notes = await notesSummary(db, row.id)
  return toPromotion(row, notes)
}

/**
 * POST /api/promotion/save (001 §7): the whole promotion with its permit. Saves drafts (a silent
 * save happens on leaving the screen), so only formats are checked here; completeness is the
 * section validity, which moves the status between incomplete and ready. The states, services
 * and prize total belong to the modify form and are not changed by a save.
 */
export async function savePromotion(db: Db, actor: Actor, input: PermitSave, checks: PromotionChecks) {
  return db.transaction(async (tx) => {
    const before = await lockForEdit(tx, actor, promotionIdOf(input.id), input.versionNumber, checks)
    const after = await writeApplication(tx, actor, before, await applicationValues(tx, actor, before, input), 'save', checks)
    return promotionResponse(tx, after)
  })
}

/** The columns a save writes, from the parsed payload. */
async function applicationValues(tx: DbOrTx, actor: Actor, before: PromotionRow, input: PermitSave) {
  const { applicant, ...permit } = input.permit
  const stored = before.details as StoredDetails
  // Keys a save does not manage (staff-set flags: forceSaPremium, sentToWA, permitNumber_{STATE}) are kept.
  const details: StoredDetails = { ...stored }
  for (const key of CUSTOMER_DETAIL_KEYS) (details as Record<string, unknown>)[key] = input[key] ?? null
  for (const key of STAFF_DETAIL_KEYS) (details as Record<string, unknown>)[key] = actor.isStaff ? (input[key] ?? null) : (stored[key] ?? null)
  details.actionEntry = actor.isStaff ? (input.actionEntry ?? undefined) : mergeActionAnswers(stored.actionEntry, input.actionEntry)
  const attachments = await resolveAttachments(tx, { promotionId: before.id, ownerId: before.userId, actorId: actor.userId }, input.attachments)
  return {
    name: (input.name ?? '').trim(),
    startDate: permit.startDate || before.startDate,
    hasNswAuthority: input.hasNswAuthority ?? before.hasNswAuthority,
    // 001 §3 (issue 25): asked of a computer draw without our draw service; otherwise it has no answer.
    usingRandomDrawsDotCom: permit.isComputerDraw === true && !before.randomDraw ? (input.usingRandomDrawsDotCom ?? null) : null,
    permit: permit as Record<string, unknown>,
    applicant: applicant ? stripIds(applicant) : null,
    details: details as Record<string, unknown>,
    attachments,
  }
}

function stripIds(applicant: NonNullable<PermitSave['permit']['applicant']>): Record<string, unknown> {
  const { id: _id, promotionId: _promotionId, ...rest } = applicant
  return rest
}
