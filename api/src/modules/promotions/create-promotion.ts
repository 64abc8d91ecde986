import type { PromotionCreate } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { diffFields, insertChange } from '../changelog/changelog.repository'
import { pricingRuleSet } from '../rules/pricing-rule-set'
import { computeFees, formColumns } from './promotion-fields'
import { insertPromotion } from './promotions.repository'

/**
 * POST /api/promotion/create (001 §2, §5): validated by the shared schema, fees recomputed
 * here, recorded in the changelog. Also the visitor-wizard hand-over calls this after register
 * or sign-in with the payload kept in the cookie.
 */
export async function createPromotion(db: Db, userId: number, input: PromotionCreate): Promise<{ id: number }> {
  const columns = formColumns(input)
  const { fees, requiresPermits } = computeFees(columns, await pricingRuleSet(db))
  return db.transaction(async (tx) => {
    const row = await insertPromotion(tx, { ...columns, userId, fees, requiresPermits })
    await insertChange(tx, {
      promotionId: row.id,
      userId,
      entity: 'promotion',
      entityId: row.id,
      action: 'create',
      changes: diffFields(null, { ...columns, requiresPermits, feeDue_GrandTotal: fees.feeDue_GrandTotal }),
    })
    return { id: row.id }
  })
}
