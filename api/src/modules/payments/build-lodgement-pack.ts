/**
 * The lodgement pack, /promotions/downloadpdfs/{id} (001 §7, issue 12): a zip with one application
 * form per required state (NSW, ACT, SA), the WA and NT notices where they apply, and the uploaded
 * attachments named by code. For the owner and staff, once paid. Kept in storage per promotion
 * version: a later download of the same version is served from storage, a changed application
 * gets a new pack.
 */
import { Buffer } from 'node:buffer'
import { PassThrough, type Readable } from 'node:stream'
import { getAttachmentType, getPermitRequirements, type ApplicantDraft, type PermitDraft } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { DbOrTx } from '../changelog/changelog.repository'
import type { PromotionRow } from '../../db/schema/promotions'
import { renderStateApplicationForm, renderStateNotice, type FormState, type LodgementInput } from '../../documents/lodgement-forms'
import type { PdfService } from '../../pdf/pdf-service'
import type { FileStorage } from '../../storage/storage'
import { ausStatesOfRow } from '../promotions/promotion-fields'
import { findSubmissionInvoices } from './payments.repository'
import { serviceOwed } from './require-service-paid'

export type LodgementDeps = { db: Db; storage: FileStorage; pdf: () => PdfService; productName: string; now?: () => Date }

type StoredAttachment = {
  attachmentType: { code: string }
  exists?: boolean
  fileName?: string | null
  userFileName?: string | null
  fileExtension?: string | null
}

const safe = (name: string) => name.replace(/[^A-Za-z0-9 ._()-]+/g, '-')

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

/** What the pack of this promotion version is made of: one step per form, notice and attachment. */
export function lodgementSteps(deps: LodgementDeps, row: PromotionRow): { name: string; make: () => Promise<Buffer | null> }[] {
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
    return {
      code: a.attachmentType.code,
      name: type?.name ?? a.attachmentType.code,
      packName: `attachments/${safe(`${a.attachmentType.code} - ${type?.name ?? 'Attachment'}`)}${extension}`,
      fileName: a.fileName!,
    }
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
    saElectronicSubmissionOnly: requirements.sa.required,
    usingRandomDrawsDotCom: row.usingRandomDrawsDotCom,
    letterOfAuthorityReused: (row.details as { letterOfAuthorityReused?: boolean | null }).letterOfAuthorityReused ?? null,
    fees: {
      NSW: row.managedSubmission ? row.fees.feeDue_NSW : null,
      ACT: row.managedSubmission ? row.fees.feeDue_ACT : null,
      SA: row.managedSubmission ? row.fees.feeDue_SA : null,
    },
  }
  const options = { productName: deps.productName, now }
  // The plan first (so progress knows the total), then each file in order.
  const steps: { name: string; make: () => Promise<Buffer | null> }[] = []
  const printer = () => deps.pdf()
  for (const key of requirements.requiredStates) {
    const state = key.toUpperCase() as FormState
    const title =
      state === 'NSW' ? (row.hasNswAuthority ? 'notification' : 'authority application') : state === 'ACT' ? 'permit application' : 'licence application'
    steps.push({ name: `${state} ${title}.pdf`, make: () => printer().render(renderStateApplicationForm(state, input, options), { priority: 'background' }) })
  }
  if (requirements.waNotice)
    steps.push({ name: 'WA notice.pdf', make: () => printer().render(renderStateNotice('WA', input, options), { priority: 'background' }) })
  if (requirements.ntNotice)
    steps.push({ name: 'NT notice.pdf', make: () => printer().render(renderStateNotice('NT', input, options), { priority: 'background' }) })
  for (const attachment of attachments) {
    steps.push({
      name: attachment.packName,
      make: async () => {
        const stream = await deps.storage.get(`uploads/${attachment.fileName}`)
        return stream ? toBuffer(stream) : null
      },
    })
  }
  return steps
}

/** The pack's files, in order: forms, notices, attachments; `onStep(n)` after each. */
export async function lodgementFiles(
  deps: LodgementDeps,
  row: PromotionRow,
  onStep: (done: number) => Promise<void> | void = () => {},
): Promise<{ name: string; data: Buffer }[]> {
  const files: { name: string; data: Buffer }[] = []
  const steps = lodgementSteps(deps, row)
  for (const [index, step] of steps.entries()) {
    const data = await step.make()
    if (data) files.push({ name: step.name, data })
    await onStep(index + 1)
  }
  return files
}

export async function zipFiles(files: { name: string; data: Buffer }[]): Promise<Buffer> {
  // Loaded on the first pack, not at every server start (issue 29).
  const { ZipArchive } = await import('archiver')
  const archive = new ZipArchive({ zlib: { level: 6 } })
  const sink = new PassThrough()
  const done = toBuffer(sink)
  archive.pipe(sink)
  for (const file of files) archive.append(file.data, { name: file.name })
  await archive.finalize()
  return done
}

/** Where the pack of a promotion version is kept. */
export const lodgementPackKey = (row: Pick<PromotionRow, 'id' | 'version'>) => `lodgement/promotion-${row.id}-v${row.version}.zip`

/** Paid, and nothing owed on the submission: the pack may be built. */
export async function isPaidForLodgement(db: Db | DbOrTx, promotionId: number): Promise<boolean> {
  const invoices = await findSubmissionInvoices(db, promotionId)
  // Issue 22: nothing owed, including a fee rise not invoiced yet (after an amendment).
  return invoices.some((i) => i.paidAt) && !invoices.some((i) => !i.paidAt) && (await serviceOwed(db, promotionId, 'lodgementPack')) === 0
}

export { toBuffer as streamToBuffer }
