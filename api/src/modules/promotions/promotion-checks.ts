import type { PromotionRow } from '../../db/schema/promotions'
import type { Db } from '../../db/client'
import type { DbOrTx } from '../changelog/changelog.repository'
import type { Owner } from './promotions.repository'

/**
 * What the modules built on promotions check and do when its application changes (issue 31):
 * given to promotions by the composition (api/src/promotion-checks.ts), so promotions imports
 * none of payments or terms (the `promotions-below-its-dependants` rule).
 */
export type PromotionChecks = {
  /** Terms: refuses a customer's edit of a bought skill promotion once its edit window closed (issue 14). */
  assertAmendable: (tx: DbOrTx, actor: Owner, row: PromotionRow, now: Date) => Promise<void>
  /** Payments: cancels unpaid invoices priced before the change, in its transaction (issue 22). */
  cancelStaleInvoices: (tx: DbOrTx, row: PromotionRow, actorUserId: number) => Promise<unknown>
  /** Payments: what a paid application owes now, read before a modification (issue 12). */
  owedAfterPayment: (db: Db, promotionId: number) => Promise<number>
  /** Payments: after a modification, mails "additional payment due" if it owes more than `owedBefore`. */
  additionalPaymentDue: (promotionId: number, owedBefore: number) => void
}
