import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { changelog, type FieldChange } from '../../db/schema/changelog'
import { currentCredential } from './request-credential'

/** A database handle or an open transaction: use cases pass either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export type ChangeEntry = {
  promotionId: number | null
  userId: number | null
  entity: 'promotion' | 'permit' | 'promotion-note' | 'staff-task' | 'user' | 'customer-contact' | 'entries'
  entityId?: number | null
  action: string
  changes: Record<string, FieldChange>
}

/**
 * Writes one changelog entry (who, when, what changed, and through which credential: the
 * request's session or API key). Call it in the transaction of the write.
 */
export async function insertChange(db: DbOrTx, entry: ChangeEntry): Promise<void> {
  const credential = currentCredential()
  await db.insert(changelog).values({
    sessionId: credential.sessionId,
    apiKeyId: credential.apiKeyId,
    promotionId: entry.promotionId,
    userId: entry.userId,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    action: entry.action,
    changes: entry.changes,
  })
}

/** The entries of one promotion, oldest first (the staff console's changelog/{id}/). */
export async function findChangesForPromotion(db: DbOrTx, promotionId: number) {
  return db.select().from(changelog).where(eq(changelog.promotionId, promotionId)).orderBy(asc(changelog.id))
}

/**
 * The fields whose values differ between two records (deep equality through JSON). With no
 * `before`, every defined field of `after` is a change from null.
 */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  ignore: readonly string[] = [],
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {}
  for (const [key, value] of Object.entries(after)) {
    if (ignore.includes(key) || value === undefined) continue
    const old = before ? before[key] : null
    if (JSON.stringify(old ?? null) !== JSON.stringify(value ?? null)) changes[key] = { from: old ?? null, to: value ?? null }
  }
  return changes
}
