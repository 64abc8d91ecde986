import crypto from 'node:crypto'
import { AppError, getAttachmentType, MSG_TERMS_ALREADY_APPROVED, MSG_TERMS_NOT_GENERATED, PERMIT_STATUS_IDS, requireTransition } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import type { PromotionRow } from '../../db/schema/promotions'
import type { TermsVersionRow } from '../../db/schema/terms'
import { insertChange } from '../changelog/changelog.repository'
import { findPromotion, updatePromotion, type Owner } from '../promotions/promotions.repository'
import { insertUpload } from '../upload/upload.repository'
import { requirePromotion } from './terms-access'
import { termsPage } from './terms-page'
import { findLatestVersion, findVersion, markApproved } from './terms.repository'
import { queueLodgementPackIn, type LodgementRequestDeps } from '../payments/request-lodgement-pack'
import { publishEvent } from '../../events/events'
import type { Db } from '../../db/client'
import type { DbOrTx } from '../changelog/changelog.repository'
import { requireServicePaid } from '../payments/require-service-paid'

/**
 * POST /api/promotion/approveTermsAndConditions {id}: the owner (or staff) approves the latest
 * version. In status 15 "Awaiting submission" the promotion moves on into submission through the
 * status table (APPROVE_TERMS), in the same transaction. Then the approved T&Cs are printed and
 * attached as attachment B (and the abridged form as addendum Y) for the lodgement pack: with a
 * job runner (`lodgementPacks: 'events'`) by the `terms.approved` subscriber (jobs/terms-approved.ts,
 * issue 31), published in the approval's transaction; an API alone prints them here.
 */
export async function approveTerms(deps: AppDeps, actor: Owner, promotionId: number, now = new Date()) {
  const { row, version, statusId, newlyApproved } = await deps.database.db.transaction(async (tx) => {
    const row = await requirePromotion(tx, actor, promotionId, { forUpdate: true })
    await requireServicePaid(tx, row.id, 'terms') // issue 22: approval waits for the payment
    const latest = await findLatestVersion(tx, row.id)
    if (!latest) throw new AppError('CONFLICT', MSG_TERMS_NOT_GENERATED)
    // Approved before the payment put the promotion in 15: approving again only moves it on.
    const waiting = row.statusId === PERMIT_STATUS_IDS.awaitingSubmission
    if (latest.approvedAt && !waiting) throw new AppError('CONFLICT', MSG_TERMS_ALREADY_APPROVED)
    const newlyApproved = !latest.approvedAt
    const version = newlyApproved ? await markApproved(tx, latest.id, actor.userId, now) : latest
    let statusId = row.statusId
    if (row.statusId === PERMIT_STATUS_IDS.awaitingSubmission) {
      statusId = requireTransition({
        from: row.statusId,
        event: 'APPROVE_TERMS',
        role: actor.isStaff ? 'admin' : 'customer',
        managedSubmission: row.managedSubmission,
      })
      await updatePromotion(tx, row.id, { statusId })
    }
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: 'promotion',
      entityId: row.id,
      action: 'terms-approved',
      changes: {
        ...(newlyApproved ? { termsApprovedVersion: { from: null, to: version.number } } : {}),
        ...(statusId !== row.statusId ? { statusId: { from: row.statusId, to: statusId } } : {}),
      },
    })
    if (newlyApproved && deps.lodgementPacks === 'events') await publishEvent(tx, 'terms.approved', { promotionId: row.id, versionId: version.id })
    return { row, version, statusId, newlyApproved }
  })
  if (!newlyApproved || deps.lodgementPacks === 'events') return { id: row.id, versionNumber: version.number, statusId }
  // No job runner in this process (an API started alone): attachment B is printed here; its pack is built when asked for.
  try {
    await attachApprovedTerms(deps, row, version)
  } catch (error) {
    // The approval stands; staff can print the T&Cs from the dashboard meanwhile.
    deps.logger.warn('could not attach the approved terms as attachment B', { promotionId: row.id, error: String(error) })
  }
  return { id: row.id, versionNumber: version.number, statusId }
}

export type AttachTermsDeps = Pick<AppDeps, 'database' | 'storage' | 'pdf'>

/**
 * The `terms.approved` subscriber's work, in its transaction `tx`: the approved version (read again)
 * becomes attachment B (and Y), then the pack of the new version is queued, so the pack carries B.
 */
export async function attachApprovedTermsAndQueuePack(
  deps: AttachTermsDeps,
  packs: LodgementRequestDeps,
  tx: DbOrTx,
  { promotionId, versionId }: { promotionId: number; versionId: number },
): Promise<void> {
  const row = await findPromotion(tx, { userId: 0, isStaff: true }, promotionId)
  const version = row && (await findVersion(tx, promotionId, versionId))
  if (!row || !version?.approvedAt) return
  await attachApprovedTerms(deps, row, version, tx as Db)
  await queueLodgementPackIn(packs, tx, promotionId)
}

/** Prints the approved version and records it as attachment B (and addendum Y) of the application. */
export async function attachApprovedTerms(deps: AttachTermsDeps, row: PromotionRow, version: TermsVersionRow, db: Db = deps.database.db): Promise<void> {
  const files: { code: 'B' | 'Y'; html: string; name: string }[] = [{ code: 'B', html: version.html, name: `terms-and-conditions-v${version.number}.pdf` }]
  if (version.abridgedHtml) files.push({ code: 'Y', html: version.abridgedHtml, name: `abridged-terms-and-conditions-v${version.number}.pdf` })
  const attached: ({ attachmentType: { code: string } & Record<string, unknown> } & Record<string, unknown>)[] = []
  for (const file of files) {
    const pdf = await deps.pdf().render(termsPage({ title: file.name, fragment: file.html }))
    const serverFileName = `${crypto.randomUUID()}.pdf`
    await deps.storage.put(`uploads/${serverFileName}`, pdf)
    await insertUpload(db, {
      userId: row.userId,
      serverFileName,
      headerFileName: file.name,
      fileExtension: 'pdf',
      mimeType: 'application/pdf',
      sizeBytes: pdf.length,
    })
    const type = getAttachmentType(file.code)!
    attached.push({
      attachmentType: { code: type.code, slug: type.slug, name: type.name, isAddendum: type.isAddendum },
      exists: true,
      uploaded: false,
      isUploading: false,
      fileName: serverFileName,
      userFileName: file.name,
      fileExtension: 'pdf',
      uploadDate: new Date().toISOString(),
    })
  }
  await db.transaction(async (tx) => {
    const current = await findPromotion(tx, { userId: row.userId, isStaff: true }, row.id, { forUpdate: true })
    if (!current) return
    const codes = new Set(attached.map((a) => a.attachmentType.code))
    const others = ((current.attachments ?? []) as { attachmentType?: { code?: string } }[]).filter((a) => !codes.has(a.attachmentType?.code ?? ''))
    await updatePromotion(tx, row.id, { attachments: [...others, ...attached] })
    await insertChange(tx, {
      promotionId: row.id,
      userId: null,
      entity: 'promotion',
      entityId: row.id,
      action: 'terms-attached',
      changes: { attachments: { from: null, to: [...codes].join(',') } },
    })
  })
}
