/**
 * The lodgement pack, /promotions/downloadpdfs/{id} (001 §7, issue 12): a zip with one application
 * form per required state (NSW, ACT, SA), the WA and NT notices where they apply, and the uploaded
 * attachments named by code. For the owner and staff, once paid. Kept in storage per promotion
 * version: a later download of the same version is served from storage, a changed application
 * gets a new pack.
 */
import { Buffer } from 'node:buffer'
import { PassThrough, type Readable } from 'node:stream'
import { ZipArchive } from 'archiver'
import {
  AppError,
  getAttachmentType,
  getPermitRequirements,
  MSG_LODGEMENT_PACK_NOT_PAID,
  type ApplicantDraft,
  type PermitDraft,
} from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { PromotionRow } from '../../db/schema/promotions'
import { renderStateApplicationForm, renderStateNotice, type FormState, type LodgementInput } from '../../documents/lodgement-forms'
import type { PdfService } from '../../pdf/pdf-service'
import type { FileStorage } from '../../storage/storage'
import { ausStatesOfRow } from '../promotions/promotion-fields'
import { findPromotion } from '../promotions/promotions.repository'
import { findSubmissionInvoices, type Viewer } from './payments.repository'

export type LodgementDeps = { db: Db; storage: FileStorage; pdf: () => PdfService; productName: string; now?: () => Date }

type StoredAttachment = { attachmentType: { code: string }; exists?: boolean; fileName?: string | null; userFileName?: string | null; fileExtension?: string | null }

const safe = (name: string) => name.replace(/[^A-Za-z0-9 ._()-]+/g, '-')

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

/** The pack's files, in order: forms, notices, attachments. */
export async function lodgementFiles(deps: LodgementDeps, row: PromotionRow): Promise<{ name: string; data: Buffer }[]> {
  const now = deps.now?.() ?? new Date()
  const value = row.postSubmissionTotalPrizeValue ?? row.totalPrizeValue
  const requirements = getPermitRequirements({
    ausStates: ausStatesOfRow(row),
    includeNz: row.includeNz,
    totalPrizeValue: value,
    hasNswAuthority: row.hasNswAuthority,
    hasInstantWinPrizes: row.hasInstantWinPrizes,
    winnersDrawnElectronically: row.winnersDrawnElectronically,
    randomDrawMachineApproved: row.randomDrawMachineApproved,
    skillsBasedTC: row.skillsBasedTC,
    startDate: row.startDate,
  })
  const stored = (row.attachments as StoredAttachment[]).filter((a) => a.exists !== false && a.fileName)
  const attachments = stored.map((a) => {
    const type = getAttachmentType(a.attachmentType.code)
    const extension = a.fileExtension ? `.${a.fileExtension.replace(/^\./, '')}` : (/\.[A-Za-z0-9]{1,5}$/.exec(a.userFileName ?? '')?.[0] ?? '')
    return { code: a.attachmentType.code, name: type?.name ?? a.attachmentType.code, packName: `attachments/${safe(`${a.attachmentType.code} - ${type?.name ?? 'Attachment'}`)}${extension}`, fileName: a.fileName! }
  })
  const input: LodgementInput = {
    id: row.id,
    name: row.name,
    totalPrizeValue: value,
    hasNswAuthority: row.hasNswAuthority,
    winnersDrawnElectronically: row.winnersDrawnElectronically,
    permit: row.permit as PermitDraft,
    applicant: row.applicant as ApplicantDraft | null,
    details: row.details,
    attachments: attachments.map(({ code, name, packName }) => ({ code, name, packName })),
    fees: {
      NSW: row.managedSubmission ? row.fees.feeDue_NSW : null,
      ACT: row.managedSubmission ? row.fees.feeDue_ACT : null,
      SA: row.managedSubmission ? row.fees.feeDue_SA : null,
    },
  }
  const options = { productName: deps.productName, now }
  const files: { name: string; data: Buffer }[] = []
  const printer = deps.pdf()
  for (const key of requirements.requiredStates) {
    const state = key.toUpperCase() as FormState
    const title = state === 'NSW' ? (row.hasNswAuthority ? 'notification' : 'authority application') : state === 'ACT' ? 'permit application' : 'licence application'
    files.push({ name: `${state} ${title}.pdf`, data: await printer.render(renderStateApplicationForm(state, input, options)) })
  }
  if (requirements.waNotice) files.push({ name: 'WA notice.pdf', data: await printer.render(renderStateNotice('WA', input, options)) })
  if (requirements.ntNotice) files.push({ name: 'NT notice.pdf', data: await printer.render(renderStateNotice('NT', input, options)) })
  for (const attachment of attachments) {
    const stream = await deps.storage.get(`uploads/${attachment.fileName}`)
    if (stream) files.push({ name: attachment.packName, data: await toBuffer(stream) })
  }
  return files
}

export async function zipFiles(files: { name: string; data: Buffer }[]): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 6 } })
  const sink = new PassThrough()
  const done = toBuffer(sink)
  archive.pipe(sink)
  for (const file of files) archive.append(file.data, { name: file.name })
  await archive.finalize()
  return done
}

/** The promotion's pack (built now, or the stored one of this version). */
export async function getLodgementPack(deps: LodgementDeps, viewer: Viewer, promotionId: number): Promise<{ id: number; zip: Buffer }> {
  const row = Number.isSafeInteger(promotionId) && promotionId > 0 ? await findPromotion(deps.db, viewer, promotionId) : undefined
  if (!row) throw new AppError('NOT_FOUND')
  const invoices = await findSubmissionInvoices(deps.db, row.id)
  const paid = invoices.some((i) => i.paidAt) && !invoices.some((i) => !i.paidAt)
  if (!paid) throw new AppError('CONFLICT', MSG_LODGEMENT_PACK_NOT_PAID)
  const key = `lodgement/promotion-${row.id}-v${row.version}.zip`
  const kept = await deps.storage.get(key)
  if (kept) return { id: row.id, zip: await toBuffer(kept) }
  const zip = await zipFiles(await lodgementFiles(deps, row))
  await deps.storage.put(key, zip)
  return { id: row.id, zip }
}
