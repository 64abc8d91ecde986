/** sendPermitNumberUpdate: e-mails the customer the saved permit numbers; logged in the changelog. */
import { AppError } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { brandFor } from '../../mail/templates'
import { permitNumberUpdateTemplate } from '../../mail/staff-templates'
import { insertChange } from '../changelog/changelog.repository'
import { findOwner, findPromotionById } from './admin.repository'
import type { Staff } from './staff-write'

export async function sendPermitNumberUpdate(deps: Pick<AppDeps, 'database' | 'mailer' | 'config'>, staff: Staff, promotionId: number) {
  const db = deps.database.db
  const row = await findPromotionById(db, promotionId)
  if (!row) throw new AppError('NOT_FOUND')
  const numbers = Object.entries(row.permitNumbers).map(
    ([state, p]) => `${state}: ${p.number} (approved ${p.approvalDate}${p.expiryDate ? `, expires ${p.expiryDate}` : ''})`,
  )
  if (numbers.length === 0) throw new AppError('CONFLICT', 'There are no permit numbers to send yet.')
  const owner = await findOwner(db, row.userId)
  if (!owner) throw new AppError('NOT_FOUND')
  await deps.mailer.send({
    to: owner.email,
    ...permitNumberUpdateTemplate(brandFor(deps.config), {
      firstName: owner.firstName,
      promotionName: row.name || `Promotion ${row.id}`,
      url: `${deps.config.PUBLIC_URL}/promotions/`,
      numbers,
    }),
  })
  await insertChange(db, {
    promotionId: row.id,
    userId: staff.id,
    entity: 'promotion',
    entityId: row.id,
    action: 'send-permit-number-update',
    changes: { sentTo: { from: null, to: owner.email } },
  })
  return { sent: numbers.length }
}
