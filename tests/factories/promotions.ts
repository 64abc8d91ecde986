/**
 * Test data builders for promotions (STYLE.md: `createPromotion(overrides)`). Customers are
 * inserted straight into the database with a live session, so promotion tests do not pay for
 * password hashing or bot checks; the account flows have their own tests.
 */
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../../api/src/db/client'
import { users } from '../../api/src/db/schema/users'
import { createSession, SESSION_COOKIE } from '../../api/src/modules/account/session-store'
import type { Client, TestApi } from '../setup/test-api'
import { promotionInput } from './promotion-input'

export { promotionInput }

export type Customer = { id: number; email: string; client: Client }

/** A customer with a live session: the returned client is signed in. */
export async function createCustomer(api: TestApi, overrides: Partial<typeof users.$inferInsert> = {}): Promise<Customer> {
  const email = `promoter-${crypto.randomBytes(5).toString('hex')}@example.com`
  const [user] = await api.database.db
    .insert(users)
    .values({ email, passwordHash: 'not-a-real-hash', firstName: 'Pat', lastName: 'Promoter', accountName: 'Pat Promotions', ...overrides })
    .returning()
  const token = await createSession(api.database.db, user!.id)
  const client = api.client()
  // The Client keeps cookies like a browser; give it the session cookie a sign-in would have set.
  ;(client as unknown as { cookies: Map<string, string> }).cookies.set(SESSION_COOKIE, token)
  return { id: user!.id, email, client }
}

/** Creates a promotion through the API and returns its id. */
export async function createPromotion(client: Client, overrides: Parameters<typeof promotionInput>[0] = {}): Promise<number> {
  const response = await client.post('/api/promotion/create', promotionInput(overrides))
  if (response.status !== 200) throw new Error(`create failed: ${response.status} ${response.text}`)
  return response.body.id
}

/** Sets a promotion's status directly (the submit/payment flows that move it come in later issues). */
export async function setPromotionStatus(db: Db, id: number, statusId: number) {
  await db.execute(sql`update app.promotions set status_id = ${statusId} where id = ${id}`)
}

/** Moves a promotion's draw dates (time passing: a draw that has happened), straight in the row. */
export async function setDrawDates(db: Db, id: number, dates: { finalDraw?: string; unclaimedDraw?: string }) {
  for (const [key, date] of Object.entries(dates)) {
    await db.execute(
      sql`update app.promotions set permit = jsonb_set(permit, ${`{${key}}`}::text[], (case when jsonb_typeof(permit->${key}) = 'object' then permit->${key} else '{}'::jsonb end) || jsonb_build_object('date', ${date}::text)) where id = ${id}`,
    )
  }
}
