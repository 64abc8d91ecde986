import { bigint, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { app } from './instance'

/**
 * The built-in sandbox gateway's state (issue 12), in PostgreSQL so every API process behind a
 * load balancer sees the same gateway: a 3-D Secure challenge answered on one process is known
 * to the process that receives the next submit, and a repeated idempotency key answers the
 * first answer whichever process got it. Only brand and last four digits, never card data.
 */

/** The first answer to each idempotency key (a ChargeResult), as real gateways replay it. */
export const sandboxCharges = app.table('sandbox_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  answer: jsonb('answer').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export type SandboxIntentStatus = 'requires_action' | 'succeeded' | 'failed'

/** A sandbox PaymentIntent waiting for (or decided by) its 3-D Secure challenge. */
export const sandboxIntents = app.table(
  'sandbox_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    status: text('status').$type<SandboxIntentStatus>().notNull(),
    /** Cents, and the invoice it was created for: a submit with the intent is checked against both. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    invoiceNumber: bigint('invoice_number', { mode: 'number' }).notNull(),
    brand: text('brand'),
    last4: text('last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_intents_client_secret_key').on(t.clientSecret)],
)

export type SandboxIntentRow = typeof sandboxIntents.$inferSelect
