/**
 * POST /api/promotion/submitAddendum (001 §7, issue 12): after submission, the customer lodges an
 * addendum (X list of entries, V list of prize winners, W list of unclaimed prize winners, U
 * scrutineer's statutory declaration, Y abridged T&Cs) from their uploads. It is kept on the
 * promotion's attachments with its submit date, staff get a task to lodge it with the
 * regulators, and the change is in the changelog.
 */
import {
  AppError,
  ATTACHMENT_TYPES,
  getAddendaPlan,
  isSubmittedOrGenerated,
  MSG_ADDENDUM_BEFORE_DRAW,
  MSG_ADDENDUM_FILE_REQUIRED,
  MSG_ADDENDUM_NOT_AFTER_SUBMISSION,
  MSG_ADDENDUM_UNKNOWN,
  PERMIT_STATUS_IDS as S,
  today,
} from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { insertChange } from '../changelog/changelog.repository'
import { resolveAttachments, type StoredAttachment } from '../promotions/resolve-attachments'
import { findPromotion, insertStaffTask, updatePromotion, type Owner } from '../promotions/promotions.repository'

export async function submitAddendum(
  db: Db,
  actor: Owner,
  input: { id: number; addendumSlug: string; fileName?: string | null | undefined },
  now = new Date(),
) {
  const type = ATTACHMENT_TYPES.find((t) => t.isAddendum && (t.slug === input.addendumSlug || t.code === input.addendumSlug.toUpperCase()))
  if (!type) throw new AppError('VALIDATION', MSG_ADDENDUM_UNKNOWN, { modelState: { addendumSlug: [MSG_ADDENDUM_UNKNOWN] } })
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, actor, input.id, { forUpdate: true })
    if (!row) throw new AppError('NOT_FOUND')
    if (!isSubmittedOrGenerated(row.statusId) && row.statusId !== S.awaitingSubmission) throw new AppError('CONFLICT', MSG_ADDENDUM_NOT_AFTER_SUBMISSION)
    // The winners lists, the declaration and the list of entries follow a draw (issue 25): not before its date (Sydney).
    const permit = (row.permit ?? {}) as { finalDraw?: { date?: string | null } | null; unclaimedDraw?: { date?: string | null } | null }
    const [plan] = getAddendaPlan({
      relevantCodes: [type.code],
      finalDrawDate: permit.finalDraw?.date || null,
      unclaimedDrawDate: permit.unclaimedDraw?.date || null,
      today: today({ now }),
    })
    if (plan && !plan.open) throw new AppError('CONFLICT', MSG_ADDENDUM_BEFORE_DRAW)
    const current = row.attachments as StoredAttachment[]
    const existing = current.find((a) => a.attachmentType.code === type.code && a.exists && a.fileName)
    const fileName = input.fileName ?? existing?.fileName
    if (!fileName) throw new AppError('VALIDATION', MSG_ADDENDUM_FILE_REQUIRED, { modelState: { fileName: [MSG_ADDENDUM_FILE_REQUIRED] } })
    const [resolved] = await resolveAttachments(tx, { promotionId: row.id, ownerId: row.userId, actorId: actor.userId }, [
      { attachmentType: { code: type.code }, uploaded: true, fileName, submitDate: now.toISOString() },
    ])
    const attachment = { ...resolved!, submitDate: now.toISOString() }
    const attachments = [...current.filter((a) => a.attachmentType.code !== type.code), attachment]
    await updatePromotion(tx, row.id, { attachments: attachments as Record<string, unknown>[] })
    await insertStaffTask(tx, {
      kind: 'addendum',
      note: `Lodge the addendum "${type.name}" (${type.code}) of promotion ${row.id}.`,
      promotionId: row.id,
      requestedBy: actor.userId,
    })
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: 'permit',
      entityId: row.id,
      action: 'submitAddendum',
      changes: { [`attachments.${type.code}`]: { from: existing?.userFileName ?? null, to: attachment.userFileName ?? attachment.fileName ?? null } },
    })
    return { id: row.id, attachment }
  })
}
