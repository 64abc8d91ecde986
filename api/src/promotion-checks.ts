/**
 * The checks promotions runs from the modules above it (issue 31: `PromotionChecks`), put
 * together here at the composition, beside deps.ts, so promotions never imports them.
 */
import type { AppDeps } from './deps'
import { cancelStaleInvoices } from './modules/payments/owed-invoice'
import { owedAfterPayment, sendAdditionalPaymentDueLater } from './modules/payments/send-payment-mails'
import type { PromotionChecks } from './modules/promotions/promotion-checks'
import { assertSkillAmendable } from './modules/terms/terms-access'

export function promotionChecks(deps: AppDeps): PromotionChecks {
  const mailDeps = { db: deps.database.db, mailer: deps.mailer, pdf: deps.pdf, config: deps.config, logger: deps.logger }
  return {
    assertAmendable: assertSkillAmendable,
    cancelStaleInvoices: (tx, row, actorUserId) => cancelStaleInvoices(tx, row, actorUserId),
    owedAfterPayment,
    additionalPaymentDue: (promotionId, owedBefore) => sendAdditionalPaymentDueLater(mailDeps, promotionId, owedBefore),
  }
}
