/** getChangelog (001 §2 changelog/{id}/): the promotion's changelog, newest first, with who and from → to. */
import { AppError, type ChangelogEntryView } from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findChangelog, findPromotionById } from './admin.repository'

export async function getChangelog(db: DbOrTx, promotionId: number): Promise<ChangelogEntryView[]> {
  if (!(await findPromotionById(db, promotionId))) throw new AppError('NOT_FOUND')
  return (await findChangelog(db, promotionId)).map((e) => ({
    id: e.id,
    at: e.at.toISOString(),
    userId: e.userId,
    userName: e.userId === null ? null : `${e.firstName ?? ''} ${e.lastName ?? ''}`.trim(),
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    changes: e.changes,
  }))
}
