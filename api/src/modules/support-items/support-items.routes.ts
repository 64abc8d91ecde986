import { PROMOTION_LIST_FAQ_ITEMS, SupportItemsResponseSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { findSupportItems, type SupportItemKind } from './support-items.repository'

/** /api/SupportItem/{getFAQs,getHowTos,getFormFAQs,getPromotionListFAQs} (001 §7): public arrays. */
export function supportItemRoutes({ database }: AppDeps): RouteSpec[] {
  const list = (path: string, summary: string, kind: SupportItemKind, limit?: number) =>
    route({ method: 'get', path, access: 'public', summary, response: SupportItemsResponseSchema, handler: () => findSupportItems(database.db, kind, limit) })
  return [
    list('/SupportItem/getFAQs', 'The FAQ items.', 'faq'),
    list('/SupportItem/getHowTos', 'The how-to items.', 'howto'),
    list('/SupportItem/getFormFAQs', "The permit form's FAQ items.", 'form-faq'),
    // 001 §2, §9: eight items, shown as two blocks of four.
    list('/SupportItem/getPromotionListFAQs', 'The My Promotions FAQ items (eight).', 'promotion-list-faq', PROMOTION_LIST_FAQ_ITEMS),
  ]
}
