/**
 * The entrant's receipt (issue 27): sent by the `entry.accepted` handler after the entry's
 * transaction committed, never inside the request. It names the entry number and the address of
 * the promotion's draw record (the frozen draw's, else the latest draw's, when one exists).
 */
import { MSG_ENTRY_RECEIPT_RECORD_LATER, formatDateTime, msgEntryReceiptBody, msgEntryReceiptRecord, msgEntryReceiptSubject } from '@permitdesk/shared'
import type { Config } from '../../env'
import type { Mailer } from '../../mail/create-mailer'
import { escapeHtml } from '../../mail/templates'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findDraw, findDrawsOfPromotion } from '../draws/draws.repository'
import type { Db } from '../../db/client'
import * as repo from './entries.repository'

export type ReceiptDeps = { config: Pick<Config, 'PUBLIC_URL'>; mailer: Mailer }

export async function sendEntryReceipt(deps: ReceiptDeps, db: DbOrTx, entryId: number): Promise<boolean> {
  const entry = await repo.findEntry(db, entryId)
  const email = entry && typeof entry.fields.email === 'string' ? entry.fields.email : null
  if (!entry || !email) return false
  const found = await repo.findFormWithPromotion(db, { promotionId: entry.promotionId })
  if (!found) return false
  const { form, promotion } = found
  const frozen = form.frozenDrawId ? await findDraw(db as Db, form.frozenDrawId) : undefined
  const draw = frozen ?? (await findDrawsOfPromotion(db as Db, promotion.id)).filter((d) => !d.cancelledAt).at(-1)
  const record = draw ? msgEntryReceiptRecord(`${deps.config.PUBLIC_URL.replace(/\/$/, '')}/draws/${draw.publicId}`) : MSG_ENTRY_RECEIPT_RECORD_LATER
  const body = msgEntryReceiptBody(promotion.name, String(entry.id), formatDateTime(entry.receivedAt))
  await deps.mailer.send({
    to: email,
    subject: msgEntryReceiptSubject(promotion.name),
    text: `${body}\n\n${record}\n`,
    html: `<p>${escapeHtml(body)}</p><p>${escapeHtml(record)}</p>`,
  })
  return true
}
