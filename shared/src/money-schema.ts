/** The wire's money schemas (see money.ts): kept apart so that formatting money does not load zod. */
import { z } from 'zod'
import { MSG_MONEY_INVALID } from './messages'
import { MONEY_WIRE_META, wireDollarsToCents } from './money'

/** Integer cents, never negative. */
export const CentsSchema = z.number({ error: MSG_MONEY_INVALID }).int({ error: MSG_MONEY_INVALID }).min(0, { error: MSG_MONEY_INVALID })

/**
 * A money amount on the wire: a JSON number of dollars, never negative, at most two decimals,
 * parsed exactly (no floating-point arithmetic) to integer cents.
 */
export const MoneySchema = z
  .number({ error: MSG_MONEY_INVALID })
  .transform((value, ctx) => {
    const cents = wireDollarsToCents(value)
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: MSG_MONEY_INVALID })
      return z.NEVER
    }
    return cents
  })
  .meta(MONEY_WIRE_META)
