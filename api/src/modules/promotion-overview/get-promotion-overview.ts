/**
 * The promotion overview (issue 31): the promotion with what the modules above it know of it (what
 * is owed, its reminders, the skill T&C edit window). A read module of its own, above promotions,
 * payments, reminders and terms, so promotions never imports the modules that build on it (the
 * boundary lint's `promotions-below-its-dependants`).
 */
import { AppError } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { pendingInvoicesOf } from '../payments/get-invoices'
import { reminderStateOf } from '../reminders/promotion-reminders'
import { skillEditWindow } from '../terms/terms-access'
import { toPromotion } from '../promotions/promotion-view'
import { findPromotion, notesSummary, type Owner } from '../promotions/promotions.repository'

/** GET /api/promotion/get (001 §7): the owner's promotion, or 404 (others' as missing ones). */
export async function getPromotion(db: Db, owner: Owner, id: number) {
  const row = await findPromotion(db, owner, id)
  if (!row) throw new AppError('NOT_FOUND')
  const notes = await notesSummary(db, row.id)
  // 001 §3 pendingSubmissionInvoice / pendingCustomInvoice: what is owed (issue 12).
  // 001 §3 unsubscribed / reminders (issue 16).
  // 001 §5 skillsBasedTCEditWindow (issue 14): as GET /api/terms/get answers it.
  const window = await skillEditWindow(db, row, new Date())
  return {
    ...toPromotion(row, notes),
    ...(await pendingInvoicesOf(db, row)),
    ...(await reminderStateOf(db, row)),
    skillsBasedTCEditWindow: window?.ends ? window.ends.toISOString() : null,
  }
}
