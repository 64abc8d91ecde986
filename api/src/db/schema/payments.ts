import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, jsonb, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { InvoiceLine } from '@permitdesk/shared'
import { app } from './instance'
import { promotions } from './promotions'
import { users } from './users'

/**
 * Gapless counters (invoice numbers): one row per name, incremented with UPDATE ... RETURNING in
 * the transaction that writes the invoice, so a rolled-back invoice gives its number back and two
 * invoices never share one (a sequence would leave gaps).
 */
export const counters = app.table('counters', {
  name: text('name').primaryKey(),
  lastValue: bigint('last_value', { mode: 'number' }).notNull(),
})

/**
 * An invoice (001 §3: invoiceNumber, amount, gst, dates paid and cancelled). Integer cents; the
 * surcharge is set when it is paid by card. `purposeKey` makes each charge of a promotion unique:
 * `submission` once per promotion (a double submit cannot invoice twice), `additional-{n}` for
 * each additional payment, `custom-{n}` for staff invoices.
 */
export const invoices = app.table(
  'invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNumber: bigint('invoice_number', { mode: 'number' }).notNull(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').$type<'submission' | 'additional' | 'custom'>().notNull(),
    purposeKey: text('purpose_key').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull().default([]),
    /** The rule set that priced the lines (set by a trigger from the promotion's fees, migration 0027). */
    ruleSetId: text('rule_set_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    gst: bigint('gst', { mode: 'number' }).notNull(),
    ccSurcharge: bigint('cc_surcharge', { mode: 'number' }).notNull().default(0),
    /** How it was (or is to be) paid: `card`, `bpay`, or null before a method is chosen. */
    method: text('method').$type<'card' | 'bpay'>(),
    /** BPAY customer reference number (invoice number + MOD10V01 check digit). */
    crn: text('crn'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 22: issued in test mode (no money taken): its own number series, TEST MODE on every copy. */
    testMode: boolean('test_mode').notNull().default(false),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.invoiceNumber),
    uniqueIndex('invoices_promotion_purpose_key').on(t.promotionId, t.purposeKey),
    index('invoices_user_idx').on(t.userId, t.invoiceNumber),
  ],
)

export type InvoiceRow = typeof invoices.$inferSelect

/**
 * A card payment attempt. Only the brand and the last four digits of a card are kept. The
 * gateway idempotency key is unique: the same attempt is never sent (or recorded) twice.
 */
export const payments = app.table(
  'payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    gateway: text('gateway').$type<'sandbox' | 'stripe'>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The gateway's id of the charge (Stripe PaymentIntent id). */
    gatewayRef: text('gateway_ref'),
    /**
     * Issue 22: `pending` from before the gateway call until its answer is recorded (no
     * transaction is open meanwhile); `unknown` when that answer was lost (the next request
     * resends the attempt with the same idempotency key). At most one of either per promotion.
     */
    status: text('status').$type<PaymentStatus>().notNull(),
    /** Charged amount in cents (invoice amount + GST + surcharge). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    brand: text('brand'),
    last4: text('last4'),
    message: text('message'),
    isReattempt: boolean('is_reattempt').notNull().default(false),
    /** Stripe: the PaymentMethod the attempt charges (not a secret), resent when the attempt is retried. */
    paymentMethodId: text('payment_method_id'),
    /** When the charge was last sent to the gateway: a `pending` attempt older than the lease was abandoned. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The sending process (its LISTEN connection's identity, db/notifications.ts): once that connection is gone, a `pending` attempt is resumed without waiting for the lease. */
    claimedBy: text('claimed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    index('payments_invoice_idx').on(t.invoiceId),
    uniqueIndex('payments_one_success_per_invoice').on(t.invoiceId).where(sql`${t.status} = 'succeeded'`),
    uniqueIndex('payments_one_unresolved_per_promotion').on(t.promotionId).where(sql`${t.status} in ('pending', 'unknown')`),
  ],
)

export type PaymentStatus = 'succeeded' | 'failed' | 'requires_action' | 'pending' | 'unknown'

export type PaymentRow = typeof payments.$inferSelect

/** Stripe webhook events already handled: a replayed event is answered without acting twice. */
export const stripeEvents = app.table('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})
