/**
 * Staff actions on a promotion's status and flags (001 §4, §6; issue 13 Promotion Detail):
 * forcePromotionStatusChange, lock/unlock, delete/restore, approvePromotion, markFormsSubmitted,
 * forceSaPremium. Each goes through the transition table and into the changelog.
 */
import {
  AppError,
  MSG_NEW_STATUS_REQUIRED,
  MSG_PROMOTION_ALREADY_DELETED,
  MSG_PROMOTION_ALREADY_LOCKED,
  MSG_PROMOTION_NOT_DELETED,
  MSG_PROMOTION_NOT_LOCKED,
  MSG_STATE_NOT_IN_PROMOTION,
  MSG_WA_NOTICE_ADDRESS_MISSING,
  PERMIT_STATUS_IDS,
  requireTransition,
} from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { PromotionRow } from '../../db/schema/promotions'
import { computeFees } from '../promotions/promotion-fields'
import { pricingRuleSet } from '../rules/pricing-rule-set'
import { writePromotionAsStaff, type Staff } from './staff-write'
import type { Events, Tx } from '../../events/events'
import { findWaNoticeEmail } from './wa-notice.repository'

export async function forcePromotionStatusChange(db: Db, staff: Staff, id: number, newStatus: number) {
  const { after } = await writePromotionAsStaff(db, staff, id, 'force-status', (row) => {
    if (newStatus === row.statusId) throw new AppError('VALIDATION', MSG_NEW_STATUS_REQUIRED, { modelState: { newStatus: [MSG_NEW_STATUS_REQUIRED] } })
    const to = requireTransition({ from: row.statusId, event: 'ADMIN_FORCE', role: 'admin', to: newStatus })
    return { statusId: to }
  })
  return after
}

export async function lockPromotion(db: Db, staff: Staff, id: number) {
  const { after } = await writePromotionAsStaff(db, staff, id, 'lock', (row) => {
    if (row.statusId === PERMIT_STATUS_IDS.locked) throw new AppError('CONFLICT', MSG_PROMOTION_ALREADY_LOCKED)
    const to = requireTransition({ from: row.statusId, event: 'ADMIN_FORCE', role: 'admin', to: PERMIT_STATUS_IDS.locked })
    return { statusId: to, statusBeforeLock: row.statusId }
  })
  return after
}

export async function unlockPromotion(db: Db, staff: Staff, id: number) {
  const { after } = await writePromotionAsStaff(db, staff, id, 'unlock', (row) => {
    if (row.statusId !== PERMIT_STATUS_IDS.locked) throw new AppError('CONFLICT', MSG_PROMOTION_NOT_LOCKED)
    const back = row.statusBeforeLock ?? PERMIT_STATUS_IDS.incomplete
    const to = requireTransition({ from: row.statusId, event: 'ADMIN_FORCE', role: 'admin', to: back })
    return { statusId: to, statusBeforeLock: null }
  })
  return after
}

export async function setPromotionDeleted(db: Db, staff: Staff, id: number, deleted: boolean) {
  const { after } = await writePromotionAsStaff(db, staff, id, deleted ? 'delete' : 'restore', (row) => {
    if (row.deleted === deleted) throw new AppError('CONFLICT', deleted ? MSG_PROMOTION_ALREADY_DELETED : MSG_PROMOTION_NOT_DELETED)
    return { deleted }
  })
  return after
}

/**
 * approvePromotion (promotionId, sendToWA): submitted/resubmitted → approved. `sendToWA` is kept
 * only when the promotion includes WA, is not an amendment and has not yet started (001 §4); then
 * the WA notice is e-mailed to the WA department through the outbox (send-wa-notice.ts), so a
 * rolled-back approval sends nothing. Without the department's address in the CMS the approval
 * is refused rather than recorded as sent.
 */
export async function approvePromotion(db: Db, events: Events, staff: Staff, id: number, sendToWA: boolean, today: string) {
  const { after } = await writePromotionAsStaff(db, staff, id, 'approve', async (row, tx) => {
    const to = requireTransition({ from: row.statusId, event: 'APPROVE_PROMOTION', role: 'admin' })
    const amending = row.statusId === PERMIT_STATUS_IDS.resubmitted
    const started = !!row.startDate && row.startDate <= today
    const sendsToWA = sendToWA && !amending && !started && row.stateWa
    if (sendsToWA) {
      if (!(await findWaNoticeEmail(tx)))
        throw new AppError('CONFLICT', MSG_WA_NOTICE_ADDRESS_MISSING, { modelState: { sendToWA: [MSG_WA_NOTICE_ADDRESS_MISSING] } })
      await events.publish(tx as Tx, 'promotion.wa-notice-requested', { promotionId: row.id, staffId: staff.id })
    }
    return { statusId: to, details: { ...row.details, sentToWA: sendsToWA, approvedOn: today } }
  })
  return after
}

/** setTestPromotion: staff mark (or clear) a trial promotion so it stays out of search, outstanding work and statistics (001 §6). */
export async function setTestPromotion(db: Db, staff: Staff, id: number, isTest: boolean) {
  const { after } = await writePromotionAsStaff(db, staff, id, isTest ? 'mark-test' : 'clear-test', () => ({ isTest }))
  return after
}

const STATE_FLAGS: Record<string, keyof PromotionRow> = {
  ACT: 'stateAct',
  NSW: 'stateNsw',
  SA: 'stateSa',
  VIC: 'stateVic',
  NT: 'stateNt',
  WA: 'stateWa',
  QLD: 'stateQld',
  TAS: 'stateTas',
}

export function includesState(row: PromotionRow, state: string): boolean {
  const flag = STATE_FLAGS[state]
  return !!flag && row[flag] === true
}

/** markFormsSubmitted (id, state): staff record that a state's forms went to the regulator. */
export async function markFormsSubmitted(db: Db, staff: Staff, id: number, state: string, now: Date) {
  const { after } = await writePromotionAsStaff(db, staff, id, 'mark-forms-submitted', (row) => {
    if (!includesState(row, state)) throw new AppError('VALIDATION', MSG_STATE_NOT_IN_PROMOTION, { modelState: { state: [MSG_STATE_NOT_IN_PROMOTION] } })
    return { formsSubmitted: { ...row.formsSubmitted, [state]: now.toISOString() } }
  })
  return after
}

/**
 * forceSaPremium: a required SA permit is charged at the premium fee (the over-$10,000 tier)
 * whatever the prize value. The fees are recomputed by the shared rules in the same write (the
 * changelog shows them from → to); once paid, the rise is owed as an additional payment.
 */
export async function forceSaPremium(db: Db, staff: Staff, id: number, on: boolean) {
  const { after } = await writePromotionAsStaff(db, staff, id, 'force-sa-premium', async (row, tx) => {
    if (!row.stateSa) throw new AppError('VALIDATION', MSG_STATE_NOT_IN_PROMOTION, { modelState: { id: [MSG_STATE_NOT_IN_PROMOTION] } })
    const details = { ...row.details, forceSaPremium: on }
    const { fees, requiresPermits } = computeFees({ ...row, details }, await pricingRuleSet(tx, row))
    return { details, fees, requiresPermits }
  })
  return after
}
