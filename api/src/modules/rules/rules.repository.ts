/** The only module that writes SQL for published rule sets and closed compliance duties (issue #30). */
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { RuleSet } from '@permitdesk/shared'
import { obligationProofs, ruleSetPublications, type ObligationProofRow } from '../../db/schema/rule-sets'
import { promotions, type PromotionRow } from '../../db/schema/promotions'
import type { DbOrTx } from '../changelog/changelog.repository'

/** Every published set, as in force: its definition with the effective date staff chose. */
export async function findPublishedRuleSets(db: DbOrTx): Promise<RuleSet[]> {
  const rows = await db.select().from(ruleSetPublications).orderBy(asc(ruleSetPublications.effectiveFrom), asc(ruleSetPublications.id))
  return rows.map((row) => ({ ...row.definition, id: row.ruleSetId, effectiveFrom: row.effectiveFrom }))
}

/** Inserts a publication; false when the id is taken (unique), so a race cannot publish twice. */
export async function insertRuleSetPublication(db: DbOrTx, ruleSet: RuleSet, publishedBy: number): Promise<boolean> {
  const inserted = await db
    .insert(ruleSetPublications)
    .values({ ruleSetId: ruleSet.id, effectiveFrom: ruleSet.effectiveFrom, definition: ruleSet, publishedBy })
    .onConflictDoNothing({ target: ruleSetPublications.ruleSetId })
    .returning({ id: ruleSetPublications.id })
  return inserted.length > 0
}

/** Promotions not yet submitted (Incomplete, Ready for submission, Forms ready for generation), not deleted. */
export const OPEN_STATUS_IDS = [1, 2, 3] as const

export async function findOpenPromotions(db: DbOrTx, limit = 500): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(and(inArray(promotions.statusId, [...OPEN_STATUS_IDS]), eq(promotions.deleted, false), eq(promotions.isTest, false)))
    .orderBy(asc(promotions.id))
    .limit(limit)
}

export async function findObligationProofs(db: DbOrTx, promotionId: number): Promise<ObligationProofRow[]> {
  return db.select().from(obligationProofs).where(eq(obligationProofs.promotionId, promotionId))
}

/** Closes a duty, or replaces its proof when it was closed before. */
export async function upsertObligationProof(
  db: DbOrTx,
  values: { promotionId: number; code: string; kind: 'upload' | 'link'; reference: string; label: string | null; note: string | null; closedBy: number },
): Promise<void> {
  await db
    .insert(obligationProofs)
    .values(values)
    .onConflictDoUpdate({
      target: [obligationProofs.promotionId, obligationProofs.code],
      set: { kind: values.kind, reference: values.reference, label: values.label, note: values.note, closedBy: values.closedBy, closedAt: new Date() },
    })
}
