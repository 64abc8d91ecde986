/** SQL of the lodgement pack's progress rows (app.lodgement_packs). */
import { and, eq, sql } from 'drizzle-orm'
import { lodgementPacks, type LodgementPackRow } from '../../db/schema/lodgement-packs'
import type { DbOrTx } from '../changelog/changelog.repository'

export async function findLodgementPack(db: DbOrTx, promotionId: number): Promise<LodgementPackRow | undefined> {
  const [row] = await db.select().from(lodgementPacks).where(eq(lodgementPacks.promotionId, promotionId))
  return row
}

/** Asks for the pack of `version`: queued afresh (progress and error cleared). */
export async function markLodgementPackQueued(db: DbOrTx, promotionId: number, version: number): Promise<LodgementPackRow> {
  const values = {
    version,
    state: 'queued' as const,
    step: 0,
    total: 0,
    attempts: 0,
    error: null,
    storageKey: null,
    sizeBytes: null,
    startedAt: null,
    finishedAt: null,
    requestedAt: sql`now()`,
    updatedAt: sql`now()`,
  }
  const [row] = await db
    .insert(lodgementPacks)
    .values({ promotionId, ...values })
    .onConflictDoUpdate({ target: lodgementPacks.promotionId, set: values })
    .returning()
  return row!
}

/** An attempt starts building `version` with `total` steps. */
export async function markLodgementPackBuilding(db: DbOrTx, promotionId: number, version: number, total: number): Promise<void> {
  const values = { version, state: 'building' as const, step: 0, total, startedAt: sql`now()`, finishedAt: null, updatedAt: sql`now()` }
  await db
    .insert(lodgementPacks)
    .values({ promotionId, ...values, attempts: 1 })
    .onConflictDoUpdate({ target: lodgementPacks.promotionId, set: { ...values, attempts: sql`${lodgementPacks.attempts} + 1` } })
}

export async function markLodgementPackStep(db: DbOrTx, promotionId: number, version: number, step: number): Promise<void> {
  await db
    .update(lodgementPacks)
    .set({ step, updatedAt: sql`now()` })
    .where(and(eq(lodgementPacks.promotionId, promotionId), eq(lodgementPacks.version, version)))
}

/** Ready, unless another version was asked for meanwhile (its own job builds that one). */
export async function markLodgementPackReady(db: DbOrTx, promotionId: number, version: number, storageKey: string, sizeBytes: number): Promise<boolean> {
  const updated = await db
    .update(lodgementPacks)
    .set({ state: 'ready', step: sql`${lodgementPacks.total}`, error: null, storageKey, sizeBytes, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(lodgementPacks.promotionId, promotionId), eq(lodgementPacks.version, version)))
    .returning({ id: lodgementPacks.promotionId })
  return updated.length > 0
}

/** A failed attempt: `final` (no retry left) shows `failed`, otherwise it waits in `queued` for the retry. */
export async function markLodgementPackFailed(db: DbOrTx, promotionId: number, error: string, final: boolean): Promise<void> {
  await db
    .update(lodgementPacks)
    .set({ state: final ? 'failed' : 'queued', error, ...(final ? { finishedAt: sql`now()` } : {}), updatedAt: sql`now()` })
    .where(eq(lodgementPacks.promotionId, promotionId))
}
