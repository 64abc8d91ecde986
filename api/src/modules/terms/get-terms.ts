import { formatCurrency, msgServiceUnpaid, PERMIT_STATUS_IDS, skillTcOption } from '@permitdesk/shared'
import { serviceOwed } from '../payments/require-service-paid'
import type { AppDeps } from '../../deps'
import type { TermsVersionRow } from '../../db/schema/terms'
import type { Owner } from '../promotions/promotions.repository'
import { hasTermsService, hostedUrlFor, requirePromotion, skillEditWindow, skillOptionOf, termsKindOf } from './terms-access'
import { findLink, findVersions } from './terms.repository'

export type TermsStatus = 'not-generated' | 'awaiting-approval' | 'approved'

export function termsStatusOf(versions: readonly TermsVersionRow[]): TermsStatus {
  const latest = versions[versions.length - 1]
  if (!latest) return 'not-generated'
  return latest.approvedAt ? 'approved' : 'awaiting-approval'
}

/** GET /api/terms/get: the latest version, the hosted link and every version (owner and staff). */
export async function getTerms(deps: Pick<AppDeps, 'database' | 'config'>, actor: Owner, promotionId: number, now = new Date()) {
  const db = deps.database.db
  const row = await requirePromotion(db, actor, promotionId)
  const versions = await findVersions(db, row.id)
  const latest = versions[versions.length - 1]
  const code = await findLink(db, row.id)
  const approved = versions.some((v) => v.approvedAt)
  const window = await skillEditWindow(db, row, now)
  // Issue 22: the screen shows the payment state before the customer tries (approval, PDF and hosted page wait).
  const owed = await serviceOwed(db, row.id, 'terms')
  const awaitingPayment = owed > 0 ? msgServiceUnpaid('terms', formatCurrency(owed), `/permit/edit/${row.id}/payment/`) : null
  const canGenerate = actor.isStaff || (hasTermsService(row) && (!approved || (window !== null && window.open)))
  return {
    status: termsStatusOf(versions),
    kind: termsKindOf(row),
    versionNumber: latest?.number ?? null,
    html: latest?.html ?? null,
    abridgedHtml: latest?.abridgedHtml ?? null,
    hostedUrl: code ? hostedUrlFor(deps.config, code) : null,
    pdfUrl: latest && !awaitingPayment ? `/promotions/downloadterms/${row.id}` : null,
    canGenerate,
    awaitingPayment,
    // In 15 "Awaiting submission" approval (again) is what moves the paid promotion on.
    canApprove: !awaitingPayment && Boolean(latest && (!latest.approvedAt || row.statusId === PERMIT_STATUS_IDS.awaitingSubmission)),
    /** Staff may edit the text (POST /api/terms/saveVersion). */
    canEdit: actor.isStaff,
    skillsBasedTCEditWindow: window?.ends ? window.ends.toISOString() : null,
    /** Skill T&Cs: the credit option chosen (or the default) and its window's length. */
    skillsBasedTCPaymentOption: row.skillsBasedTC ? skillTcOption(skillOptionOf(row)).option : null,
    skillsBasedTCEditWindowDays: row.skillsBasedTC ? skillTcOption(skillOptionOf(row)).editWindowDays : null,
    skillsBasedTCPurchasedAt: window?.purchasedAt ? window.purchasedAt.toISOString() : null,
    versions: versions.map((v) => ({
      number: v.number,
      kind: v.kind,
      reason: v.reason,
      html: v.html,
      abridgedHtml: v.abridgedHtml,
      libraryRevision: v.libraryHash,
      createdByStaff: v.createdByStaff,
      createdAt: v.createdAt.toISOString(),
      approvedAt: v.approvedAt ? v.approvedAt.toISOString() : null,
    })),
  }
}
