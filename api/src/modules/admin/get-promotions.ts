/** getPromotions (issue 13 promotion/ search): page size 10, show/hide test, account/promotion/note ids, free text. */
import { adminStatusName, type AdminPromotionRow } from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { searchPromotions, type PromotionSearch } from './admin.repository'

export const ADMIN_PROMOTIONS_PAGE_SIZE = 10

export async function getPromotions(db: DbOrTx, query: Omit<PromotionSearch, 'offset' | 'limit'> & { page: number }) {
  const { rows, total } = await searchPromotions(db, { ...query, offset: (query.page - 1) * ADMIN_PROMOTIONS_PAGE_SIZE, limit: ADMIN_PROMOTIONS_PAGE_SIZE })
  const promotions: AdminPromotionRow[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    statusId: r.statusId,
    statusName: adminStatusName(r.statusId),
    accountId: r.accountId,
    accountName: r.accountName,
    email: r.email,
    organisation: r.organisation,
    permitNumbers: Object.entries(r.permitNumbers ?? {}).map(([state, p]) => `${state} ${p.number}`),
    isTest: r.isTest,
    deleted: r.deleted,
    createdAt: r.createdAt.toISOString(),
  }))
  return { promotions, total, page: query.page, pageSize: ADMIN_PROMOTIONS_PAGE_SIZE }
}
