import {
  AppError,
  getObligations,
  KEEP_RECORDS_CODE,
  getRuleNotes,
  type Obligation,
  type ObligationInput,
  type ObligationProof,
  type RuleNote,
} from '@permitdesk/shared'
import type { PromotionRow } from '../../db/schema/promotions'
import type { DbOrTx } from '../changelog/changelog.repository'
import { feeInputOf } from '../promotions/promotion-fields'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { pricingRuleSet, sydneyToday } from './pricing-rule-set'
import { findObligationProofs } from './rules.repository'
import { findLegalHold, findRetentionDeletion } from '../housekeeping/retention.repository'

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
const cents = (value: unknown): number | null => (typeof value === 'number' ? value : null)

/** What the compliance calendar reads from a promotion row (dates from the application). */
export function obligationInputOf(row: PromotionRow): ObligationInput {
  const permit = (row.permit ?? {}) as Record<string, any>
  const details = (row.details ?? {}) as Record<string, unknown>
  const applicant = (row.applicant ?? permit.applicant ?? {}) as Record<string, unknown>
  return {
    ...feeInputOf(row),
    startDate: text(permit.startDate) ?? row.startDate,
    endDate: text(permit.endDate),
    finalDrawDate: text(permit.finalDraw?.date),
    unclaimedDrawDate: text(permit.unclaimedDraw?.date),
    nswAuthorityExpiration: text(applicant.nswAuthorityExpiration),
    maxPrizeValue: cents(details.maxPrizeValue),
    prizePublicationDateACT: text(details.prizePublicationDateACT),
  }
}

/**
 * GET /api/promotion/obligations?id= (issue #30): the promotion's compliance calendar under the
 * rule set its fees use, for its owner or staff (another customer's promotion answers 404).
 */
export type ObligationsView = {
  promotionId: number
  ruleSetId: string
  today: string
  obligations: Obligation[]
  notes: RuleNote[]
  onLegalHold: boolean
  dataDeletedAt: string | null
  certificateUrl: string | null
  compliancePackUrl: string
}

export async function listObligations(db: DbOrTx, owner: Owner, promotionId: number, now: Date = new Date()): Promise<ObligationsView> {
  const row = await findPromotion(db, owner, promotionId)
  if (!row) throw new AppError('NOT_FOUND')
  const ruleSet = await pricingRuleSet(db, row, now)
  const proofs: Record<string, ObligationProof> = {}
  for (const p of await findObligationProofs(db, row.id))
    proofs[p.code] = { kind: p.kind, reference: p.reference, label: p.label, note: p.note, closedAt: p.closedAt.toISOString() }
  const today = sydneyToday(now)
  const input = obligationInputOf(row)
  const permit = (row.permit ?? {}) as Record<string, unknown>
  const details = (row.details ?? {}) as Record<string, unknown>
  const notes = getRuleNotes(
    { ...input, entryMethodsValue: cents(permit.entryMethodsValue), prizeCategoriesValue: cents(details.prizeCategoriesValue) },
    ruleSet,
  )
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const hold = await findLegalHold(db, row.id)
  const deletion = await findRetentionDeletion(db, row.id)
  const obligations = getObligations(input, ruleSet, { today, proofs }).map((o) =>
    o.code === KEEP_RECORDS_CODE && hold && !deletion ? { ...o, onLegalHold: true } : o,
  )
  return {
    promotionId: row.id,
    ruleSetId: ruleSet.id,
    today,
    obligations,
    notes,
    onLegalHold: hold !== undefined,
    dataDeletedAt: deletion?.deletedAt.toISOString() ?? null,
    certificateUrl: deletion?.certificateFile ? `/download/upload/${deletion.certificateFile}` : null,
    compliancePackUrl: `/promotions/compliancepack/${row.id}/`,
  }
}
