import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { PermitNumberEntry } from '@permitdesk/shared'
import { termsLibraries, termsLinks, termsVersions, type TermsVersionRow } from '../../db/schema/terms'
import { invoices } from '../../db/schema/payments'
import { users } from '../../db/schema/users'
import type { DbOrTx } from '../changelog/changelog.repository'

export async function findVersions(db: DbOrTx, promotionId: number): Promise<TermsVersionRow[]> {
  return db.select().from(termsVersions).where(eq(termsVersions.promotionId, promotionId)).orderBy(asc(termsVersions.number))
}

export async function findLatestVersion(db: DbOrTx, promotionId: number): Promise<TermsVersionRow | undefined> {
  const [row] = await db.select().from(termsVersions).where(eq(termsVersions.promotionId, promotionId)).orderBy(desc(termsVersions.number)).limit(1)
  return row
}

export async function findVersion(db: DbOrTx, promotionId: number, id: number): Promise<TermsVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(termsVersions)
    .where(and(eq(termsVersions.promotionId, promotionId), eq(termsVersions.id, id)))
  return row
}

export async function findApprovedVersions(db: DbOrTx, promotionId: number): Promise<TermsVersionRow[]> {
  return db
    .select()
    .from(termsVersions)
    .where(and(eq(termsVersions.promotionId, promotionId), isNotNull(termsVersions.approvedAt)))
    .orderBy(desc(termsVersions.number))
}

/** Adds the next numbered version (call inside the transaction that locked the promotion row). */
export async function insertVersion(db: DbOrTx, values: Omit<typeof termsVersions.$inferInsert, 'number' | 'id'>): Promise<TermsVersionRow> {
  const [{ next }] = (await db.execute(sql`select coalesce(max(number), 0) + 1 as next from app.terms_versions where promotion_id = ${values.promotionId}`))
    .rows as { next: number }[]
  const [row] = await db
    .insert(termsVersions)
    .values({ ...values, number: Number(next) })
    .returning()
  return row!
}

export async function markApproved(db: DbOrTx, id: number, userId: number, at: Date): Promise<TermsVersionRow> {
  const [row] = await db.update(termsVersions).set({ approvedAt: at, approvedBy: userId }).where(eq(termsVersions.id, id)).returning()
  return row!
}

/** Keeps a clause library snapshot under its hash (once). */
export async function saveLibrarySnapshot(db: DbOrTx, hash: string, clauses: unknown[]): Promise<void> {
  await db.insert(termsLibraries).values({ hash, clauses }).onConflictDoNothing()
}

/** The clauses of a library snapshot kept under its hash, if it is kept. */
export async function findLibrarySnapshot(db: DbOrTx, hash: string): Promise<unknown[] | undefined> {
  const [row] = await db.select({ clauses: termsLibraries.clauses }).from(termsLibraries).where(eq(termsLibraries.hash, hash))
  return row?.clauses
}

export async function findLink(db: DbOrTx, promotionId: number): Promise<string | undefined> {
  const [row] = await db.select().from(termsLinks).where(eq(termsLinks.promotionId, promotionId))
  return row?.code
}

export async function insertLink(db: DbOrTx, promotionId: number, code: string): Promise<string> {
  await db.insert(termsLinks).values({ promotionId, code }).onConflictDoNothing()
  return (await findLink(db, promotionId))!
}

export async function findPromotionIdByCode(db: DbOrTx, code: string): Promise<number | undefined> {
  const [row] = await db.select().from(termsLinks).where(eq(termsLinks.code, code))
  return row?.promotionId
}

/**
 * The clause library as the CMS holds it (cms.terms_clauses, each row's `snapshot` is the clause
 * normalised by the collection's hook). Empty when the CMS has none or its tables do not exist.
 */
export async function findCmsClauses(db: DbOrTx): Promise<unknown[]> {
  // Checked first: a failing query would abort the caller's transaction.
  const exists = await db.execute(
    sql`select 1 from information_schema.columns where table_schema = 'cms' and table_name = 'terms_clauses' and column_name = 'snapshot'`,
  )
  if (exists.rows.length === 0) return []
  const result = await db.execute(sql`select snapshot from cms.terms_clauses where snapshot is not null order by "order" asc, key asc`)
  return (result.rows as { snapshot: unknown }[]).map((r) => r.snapshot)
}

/**
 * The permit numbers staff saved for a promotion (`permit_numbers`, written by savePermitNumber,
 * keyed NSW/ACT/SA), in the order the T&Cs list them.
 */
export function permitNumbersOf(row: { permitNumbers?: Record<string, { number?: string | null } | null> | null }): PermitNumberEntry[] {
  const result: PermitNumberEntry[] = []
  for (const state of ['NSW', 'ACT', 'SA'] as const) {
    const value = row.permitNumbers?.[state]?.number
    if (typeof value === 'string' && value.trim()) result.push({ state, number: value.trim() })
  }
  return result
}

/** The owner's address and first name, for the T&C e-mails. */
export async function findOwnerContact(db: DbOrTx, userId: number): Promise<{ email: string; firstName: string } | undefined> {
  const [row] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId))
  return row
}

/** When the promotion's first submission invoice was paid (the skill T&Cs' purchase), if it was. */
export async function findFirstPaymentAt(db: DbOrTx, promotionId: number): Promise<Date | null> {
  const [row] = await db
    .select({ paidAt: invoices.paidAt })
    .from(invoices)
    .where(
      and(
        eq(invoices.promotionId, promotionId),
        inArray(invoices.purpose, ['submission', 'additional']),
        isNull(invoices.cancelledAt),
        isNotNull(invoices.paidAt),
      ),
    )
    .orderBy(asc(invoices.paidAt))
    .limit(1)
  return row?.paidAt ?? null
}
