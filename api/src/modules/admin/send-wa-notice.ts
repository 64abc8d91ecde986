/**
 * The WA notice (001 §4 "approve a promotion, optionally sending to WA"; 001 §6 "WA selected:
 * always a WA notice"; issue 26). Runs on `promotion.wa-notice-requested`, which approvePromotion
 * publishes in its transaction: the notice PDF (the same one as in the lodgement pack) is e-mailed
 * to the WA department address of the CMS site settings, and the sending is recorded on the
 * promotion (when, to whom) and in its changelog. A second delivery of the event sends nothing:
 * the record is the sent marker.
 */
import { formatDate, type ApplicantDraft } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import type { Tx } from '../../events/events'
import { brandFor } from '../../mail/templates'
import { waNoticeTemplate } from '../../mail/staff-templates'
import { insertChange } from '../changelog/changelog.repository'
import { lodgementSteps } from '../payments/build-lodgement-pack'
import { updatePromotion } from '../promotions/promotions.repository'
import { findPromotionById } from './admin.repository'
import { findWaNoticeEmail } from './wa-notice.repository'

export type WaNoticeDeps = Pick<AppDeps, 'config' | 'mailer' | 'storage' | 'pdf' | 'logger'> & { now?: () => Date }

/** What the promotion records once its notice went out (shown on the staff detail screen). */
export type WaNoticeRecord = { waNoticeSentAt: string; waNoticeSentTo: string }

export async function sendWaNotice(
  deps: WaNoticeDeps,
  tx: Tx,
  { promotionId, staffId }: { promotionId: number; staffId: number },
): Promise<'sent' | 'already-sent'> {
  const row = await findPromotionById(tx, promotionId, { forUpdate: true })
  if (!row) throw new Error(`WA notice: promotion ${promotionId} not found`)
  if (typeof row.details.waNoticeSentAt === 'string') return 'already-sent'
  const to = await findWaNoticeEmail(tx)
  // Approval checks the address; removed since: fail, so pg-boss retries and the log says why.
  if (!to) throw new Error("WA notice: the WA department's address is not set in the CMS site settings")
  const brand = brandFor(deps.config)
  const step = lodgementSteps({ db: tx, storage: deps.storage, pdf: deps.pdf, productName: brand.productName, now: deps.now }, row).find(
    (s) => s.name === 'WA notice.pdf',
  )
  if (!step) throw new Error(`WA notice: promotion ${promotionId} does not include WA`)
  const pdf = await step.make()
  if (!pdf) throw new Error(`WA notice: the notice of promotion ${promotionId} could not be printed`)
  const applicant = row.applicant as ApplicantDraft | null
  const permit = row.permit as { startDate?: string | null; endDate?: string | null }
  const name = row.name || `Promotion ${row.id}`
  const start = permit.startDate ?? row.startDate
  await deps.mailer.send({
    to,
    ...waNoticeTemplate(brand, {
      promotionName: name,
      promotionId: row.id,
      promoter: applicant?.organisation || 'the promoter',
      period: `${formatDate(start) || 'not set'} to ${formatDate(permit.endDate) || 'not set'}`,
    }),
    attachments: [{ filename: `WA notice - ${row.id}.pdf`, content: pdf, contentType: 'application/pdf' }],
  })
  const record: WaNoticeRecord = { waNoticeSentAt: (deps.now?.() ?? new Date()).toISOString(), waNoticeSentTo: to }
  await updatePromotion(tx, row.id, { details: { ...row.details, ...record } })
  await insertChange(tx, {
    promotionId: row.id,
    userId: staffId,
    entity: 'promotion',
    entityId: row.id,
    action: 'wa-notice-sent',
    changes: { waNoticeSentTo: { from: null, to } },
  })
  return 'sent'
}
