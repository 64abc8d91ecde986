import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

export type SupportItemKind = 'faq' | 'howto' | 'form-faq' | 'promotion-list-faq'
export type SupportItem = { id: number; question: string; answer: string; order: number }

/**
 * Support items are Payload content (cms.support_items, owned by the CMS migrations); the API
 * only reads them, in the editors' order.
 */
export async function findSupportItems(db: Db, kind: SupportItemKind, limit = 200): Promise<SupportItem[]> {
  try {
    const result = await db.execute(
      sql`select id, question, answer, "order"::float8 as "order" from cms.support_items where kind = ${kind} order by "order" asc, id asc limit ${limit}`,
    )
    return (result.rows as { id: number; question: string; answer: string; order: number }[]).map((r) => ({
      id: r.id,
      question: r.question,
      answer: r.answer,
      order: Number(r.order),
    }))
  } catch (error) {
    // No CMS content yet (its migrations have not run on this database): nothing to show.
    if ((error as { code?: string }).code === '42P01' || (error as { cause?: { code?: string } }).cause?.code === '42P01') return []
    throw error
  }
}
