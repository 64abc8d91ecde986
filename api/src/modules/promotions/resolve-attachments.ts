/**
 * Checks and normalises the attachments of a save (001 §3 Attachment, §5): each names one of the
 * customer's own uploads or a document of another of their promotions to reuse. A file name
 * the customer does not own is refused, so nobody can attach (and then download) another
 * customer's file. After a successful save an uploaded attachment "exists".
 */
import {
  AppError,
  getAttachmentType,
  MSG_ATTACHMENT_FILE_UNKNOWN,
  MSG_ATTACHMENT_REUSE_UNAVAILABLE,
  MSG_ATTACHMENT_TYPE_UNKNOWN,
  type AttachmentDraft,
  type ModelState,
} from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findUploadsOwnedBy, transferUploads } from '../upload/upload.repository'
import { findPromotion } from './promotions.repository'

export type StoredAttachment = AttachmentDraft & { exists: boolean }

export async function resolveAttachments(
  db: DbOrTx,
  context: { promotionId: number; ownerId: number; actorId: number },
  sent: readonly AttachmentDraft[],
): Promise<StoredAttachment[]> {
  const modelState: ModelState = {}
  const fail = (index: number, field: string, message: string) => {
    modelState[`attachments.${index}.${field}`] = [message]
  }
  const uploaded = await findUploadsOwnedBy(
    db,
    sent.filter((a) => a.fileName && a.reuseFromPromotion == null).map((a) => a.fileName!),
    [...new Set([context.ownerId, context.actorId])],
  )
  const uploadsByName = new Map(uploaded.map((u) => [u.serverFileName, u]))
  const sources = new Map<number, StoredAttachment[] | null>()

  const result = new Map<string, StoredAttachment>()
  for (const [index, attachment] of sent.entries()) {
    const type = getAttachmentType(attachment.attachmentType.code.toUpperCase())
    if (!type) {
      fail(index, 'attachmentType', MSG_ATTACHMENT_TYPE_UNKNOWN)
      continue
    }
    const base = { attachmentType: { code: type.code, slug: type.slug, name: type.name, isAddendum: type.isAddendum }, uploaded: false, isUploading: false }
    if (attachment.reuseFromPromotion != null && attachment.shouldReuse !== false) {
      const sourceId = Number(attachment.reuseFromPromotion)
      if (!sources.has(sourceId)) {
        const source =
          !Number.isSafeInteger(sourceId) || sourceId <= 0 || sourceId === context.promotionId
            ? undefined
            : await findPromotion(db, { userId: context.ownerId, isStaff: false }, sourceId)
        sources.set(sourceId, source ? (source.attachments as StoredAttachment[]) : null)
      }
      const original = sources.get(sourceId)?.find((a) => a.attachmentType.code === type.code && a.exists && a.fileName)
      if (!original) {
        fail(index, 'reuseFromPromotion', MSG_ATTACHMENT_REUSE_UNAVAILABLE)
        continue
      }
      result.set(type.code, {
        ...base,
        exists: true,
        reuseFromPromotion: sourceId,
        shouldReuse: true,
        fileName: original.fileName,
        userFileName: original.userFileName,
        fileExtension: original.fileExtension,
        uploadDate: original.uploadDate,
      })
      continue
    }
    if (!attachment.fileName) continue // reset: nothing attached for this type
    const upload = uploadsByName.get(attachment.fileName)
    if (!upload) {
      fail(index, 'fileName', MSG_ATTACHMENT_FILE_UNKNOWN)
      continue
    }
    result.set(type.code, {
      ...base,
      exists: true,
      reuseFromPromotion: null,
      shouldReuse: false,
      fileName: upload.serverFileName,
      userFileName: upload.headerFileName,
      fileExtension: upload.fileExtension,
      uploadDate: upload.createdAt.toISOString(),
      submitDate: attachment.submitDate ?? null,
    })
  }
  if (Object.keys(modelState).length > 0) {
    throw new AppError('VALIDATION', Object.values(modelState)[0]![0], { modelState })
  }
  const attached = [...result.values()]
  const actorsFiles = uploaded.filter((u) => u.userId === context.actorId && attached.some((a) => a.fileName === u.serverFileName && !a.reuseFromPromotion))
  await transferUploads(
    db,
    actorsFiles.map((u) => u.serverFileName),
    context.actorId,
    context.ownerId,
  )
  return attached
}
