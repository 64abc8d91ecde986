/** Promotion Detail (issue 13 detail/{id}/): the staff view of one promotion, its owner and staff-set fields. */
import { AppError, adminStatusName, type AdminPromotionDetail, forceableStatuses, getPermitStatus, toDollars } from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findOwner, findPromotionById } from './admin.repository'

const STATES = [
  ['NSW', 'stateNsw'],
  ['ACT', 'stateAct'],
  ['SA', 'stateSa'],
  ['VIC', 'stateVic'],
  ['QLD', 'stateQld'],
  ['WA', 'stateWa'],
  ['TAS', 'stateTas'],
  ['NT', 'stateNt'],
] as const

export async function getAdminPromotion(db: DbOrTx, id: number): Promise<AdminPromotionDetail> {
  const row = await findPromotionById(db, id)
  if (!row) throw new AppError('NOT_FOUND')
  const owner = await findOwner(db, row.userId)
  const details = row.details as { actionEntry?: unknown; forceSaPremium?: boolean; sentToWA?: boolean; waNoticeSentAt?: string; waNoticeSentTo?: string }
  return {
    id: row.id,
    name: row.name,
    statusId: row.statusId,
    statusName: adminStatusName(row.statusId),
    statusBeforeLock: row.statusBeforeLock,
    forceableStatuses: forceableStatuses(row.statusId).map((s) => ({ id: s, name: adminStatusName(s) })),
    editable: getPermitStatus(row.statusId).editable,
    states: STATES.filter(([, key]) => row[key]).map(([state]) => state),
    includeNz: row.includeNz,
    startDate: row.startDate,
    totalPrizeValue: toDollars(row.totalPrizeValue),
    managedSubmission: row.managedSubmission,
    deleted: row.deleted,
    archived: row.archived,
    isTest: row.isTest,
    permitNumbers: row.permitNumbers,
    formsSubmitted: row.formsSubmitted,
    forceSaPremium: details.forceSaPremium === true,
    waNotice: { requested: details.sentToWA === true, sentAt: details.waNoticeSentAt ?? null, sentTo: details.waNoticeSentTo ?? null },
    fees: {
      NSW: toDollars(row.fees.feeDue_NSW),
      ACT: toDollars(row.fees.feeDue_ACT),
      SA: toDollars(row.fees.feeDue_SA),
      total: toDollars(row.fees.feeDue_Total),
      gst: toDollars(row.fees.feeDue_GST),
      surcharge: toDollars(row.fees.feeDue_CCSurcharge ?? 0),
      grandTotal: toDollars(row.fees.feeDue_GrandTotal),
      isSAFeePremium: row.fees.isSAFeePremium === true,
    },
    actionEntry: details.actionEntry ?? null,
    organisation: (row.applicant as { organisation?: string } | null)?.organisation ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    ownerActiveAt: row.ownerActiveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner: owner
      ? { id: owner.id, email: owner.email, name: `${owner.firstName} ${owner.lastName}`, accountName: owner.accountName, phone: owner.phone }
      : null,
  }
}
