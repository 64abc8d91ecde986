/**
 * GET /api/promotion/servicePayment (issue 22): each paid service's payment state, so the draw
 * screen, the T&Cs panel and the lodgement pack show what waits, how much to pay and where,
 * before the customer tries (the same `serviceState` that refuses the delivery).
 */
import { AppError, centsToDollars, PAID_SERVICE_NAMES, type PaidService } from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { serviceRefusal, serviceState } from './require-service-paid'

const SERVICES = Object.keys(PAID_SERVICE_NAMES) as PaidService[]

export async function getServicePayment(db: DbOrTx, actor: Owner, promotionId: number) {
  const row = await findPromotion(db, actor, promotionId)
  if (!row) throw new AppError('NOT_FOUND')
  const entries = await Promise.all(
    SERVICES.map(async (service) => {
      const state = await serviceState(db, row.id, service)
      return [
        service,
        {
          state: state.kind,
          owed: state.kind === 'owed' ? centsToDollars(state.cents) : null,
          message: serviceRefusal(row.id, service, state),
          paymentPath: state.kind === 'owed' ? `/permit/edit/${row.id}/payment/` : null,
          servicesPath: state.kind === 'notBought' ? `/promotions/modify/${row.id}/` : null,
        },
      ] as const
    }),
  )
  return { id: row.id, services: Object.fromEntries(entries) as Record<PaidService, (typeof entries)[number][1]> }
}
