/** The only module that writes SQL for invoices, payments and the invoice counter. */
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { counters, invoices, payments, stripeEvents, type InvoiceRow, type PaymentRow } from '../../db/schema/payments'
import { promotions } from '../../db/schema/promotions'
import { changelog } from '../../db/schema/changelog'
import type { DbOrTx } from '../changelog/changelog.repository'
import { CONNECTION_IDENTITY_SQL } from '../../db/notifications'

/** The first invoice number; later ones follow without gaps. */
export const FIRST_INVOICE_NUMBER = 100001
/** Issue 22: test-mode invoices have their own series, far from the real one, so they never take a real number. */
export const FIRST_TEST_INVOICE_NUMBER = 900_000_001

/**
 * The next invoice number, gapless: the counter row is incremented (and locked) by this
 * transaction, so a concurrent invoice waits for it and a rollback gives the number back.
 * Test mode counts in its own series.
 */
export async function nextInvoiceNumber(tx: DbOrTx, { testMode = false } = {}): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ name: testMode ? 'invoice-test' : 'invoice', lastValue: testMode ? FIRST_TEST_INVOICE_NUMBER : FIRST_INVOICE_NUMBER })
    .onConflictDoUpdate({ target: counters.name, set: { lastValue: sql`${counters.lastValue} + 1` } })
    .returning({ value: counters.lastValue })
  return row!.value
}

export async function insertInvoice(tx: DbOrTx, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning()
  return row!
}

export async function updateInvoice(tx: DbOrTx, id: number, values: Partial<typeof invoices.$inferInsert>): Promise<InvoiceRow> {
  const [row] = await tx.update(invoices).set(values).where(eq(invoices.id, id)).returning()
  return row!
}

/** The promotion's live (not cancelled) invoices of the submission path, oldest first. */
export async function findSubmissionInvoices(tx: DbOrTx, promotionId: number): Promise<InvoiceRow[]> {
  return tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.promotionId, promotionId), inArray(invoices.purpose, ['submission', 'additional']), isNull(invoices.cancelledAt)))
    .orderBy(invoices.id)
}

/**
 * Cancels an unpaid invoice (it keeps its number: a cancelled tax invoice stays on record). Never
 * one with a card charge still unresolved (`pending`/`unknown`): that money may be taken.
 */
export async function cancelUnpaidInvoice(tx: DbOrTx, id: number, now: Date): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .update(invoices)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(invoices.id, id),
        isNull(invoices.paidAt),
        isNull(invoices.cancelledAt),
        sql`not exists (select 1 from ${payments} where ${payments.invoiceId} = ${invoices.id} and ${payments.status} in ('pending', 'unknown'))`,
      ),
    )
    .returning()
  return row
}

/** Every invoice of a promotion with a purpose (for numbering `additional-{n}`, `custom-{n}`). */
export async function countInvoices(tx: DbOrTx, promotionId: number, purpose: InvoiceRow['purpose']): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.promotionId, promotionId), eq(invoices.purpose, purpose)))
  return row?.n ?? 0
}

/** The promotion's unpaid, uncancelled invoices (what is owed). */
export async function findUnpaidInvoices(tx: DbOrTx, promotionId: number): Promise<InvoiceRow[]> {
  return tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.promotionId, promotionId), isNull(invoices.paidAt), isNull(invoices.cancelledAt)))
    .orderBy(invoices.id)
}

export type Viewer = { userId: number; isStaff: boolean }

/** One invoice by number if the viewer may see it (owner or staff); others' are "not found". */
export async function findInvoiceByNumber(tx: DbOrTx, viewer: Viewer, invoiceNumber: number, { forUpdate = false } = {}) {
  const where = viewer.isStaff ? eq(invoices.invoiceNumber, invoiceNumber) : and(eq(invoices.invoiceNumber, invoiceNumber), eq(invoices.userId, viewer.userId))
  const query = tx.select().from(invoices).where(where)
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

/** A page of invoices, newest first: the viewer's own (staff: all, or one promotion's). */
export async function listInvoices(tx: DbOrTx, viewer: Viewer, filter: { page: number; count: number; promotionId?: number }) {
  const conditions: SQL[] = []
  if (!viewer.isStaff) conditions.push(eq(invoices.userId, viewer.userId))
  if (filter.promotionId !== undefined) conditions.push(eq(invoices.promotionId, filter.promotionId))
  const where = conditions.length ? and(...conditions) : undefined
  const rows = await tx
    .select({ invoice: invoices, promotionName: promotions.name })
    .from(invoices)
    .innerJoin(promotions, eq(promotions.id, invoices.promotionId))
    .where(where)
    .orderBy(desc(invoices.invoiceNumber))
    .limit(filter.count)
    .offset((filter.page - 1) * filter.count)
  const [total] = await tx.select({ n: count() }).from(invoices).where(where)
  return { rows, total: total?.n ?? 0 }
}

export async function insertPayment(tx: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning()
  return row!
}

/** Whether the process that sent an attempt still runs (its LISTEN connection is in pg_stat_activity). */
export async function isClaimantAlive(tx: DbOrTx, claimedBy: string): Promise<boolean> {
  const { rows } = await tx.execute<{ alive: boolean }>(
    sql`select exists (select 1 from pg_stat_activity where ${sql.raw(CONNECTION_IDENTITY_SQL)} = ${claimedBy}) as alive`,
  )
  return Boolean(rows[0]?.alive)
}

/** The promotion's card attempt still unresolved (`pending` or `unknown`), locked: at most one (a unique index). */
export async function findUnresolvedPayment(tx: DbOrTx, promotionId: number): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.promotionId, promotionId), inArray(payments.status, ['pending', 'unknown'])))
    .for('update')
  return row
}

export async function findPaymentById(tx: DbOrTx, id: number, { forUpdate = false } = {}): Promise<PaymentRow | undefined> {
  const query = tx.select().from(payments).where(eq(payments.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

export async function findPaymentsOfInvoice(tx: DbOrTx, invoiceId: number): Promise<PaymentRow[]> {
  return tx.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(payments.id)
}

export async function findPaymentByRef(tx: DbOrTx, gatewayRef: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.gatewayRef, gatewayRef)).orderBy(desc(payments.id)).limit(1)
  return row
}

export async function updatePayment(tx: DbOrTx, id: number, values: Partial<typeof payments.$inferInsert>): Promise<PaymentRow> {
  const [row] = await tx.update(payments).set(values).where(eq(payments.id, id)).returning()
  return row!
}

export async function findInvoiceById(tx: DbOrTx, id: number, { forUpdate = false } = {}): Promise<InvoiceRow | undefined> {
  const query = tx.select().from(invoices).where(eq(invoices.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

/** Records a webhook event id; false when it was already recorded (a replay). */
export async function recordStripeEvent(tx: DbOrTx, id: string, type: string): Promise<boolean> {
  const inserted = await tx.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id })
  return inserted.length > 0
}

/** Issue 22: whether staff waived the payment of `service` for the promotion (a changelog line with the reason). */
export async function hasServiceWaiver(tx: DbOrTx, promotionId: number, service: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: changelog.id })
    .from(changelog)
    .where(
      and(eq(changelog.promotionId, promotionId), eq(changelog.action, 'waiveServicePayment'), sql`${changelog.changes} -> 'service' ->> 'to' = ${service}`),
    )
    .limit(1)
  return row !== undefined
}
