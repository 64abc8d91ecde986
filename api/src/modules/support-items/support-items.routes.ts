import { PROMOTION_LIST_FAQ_ITEMS } from '@permitdesk/shared'
import { Router } from 'express'
import type { AppDeps } from '../../app'
import { findSupportItems } from './support-items.repository'

/** /api/SupportItem/{getFAQs,getHowTos,getFormFAQs,getPromotionListFAQs} (001 §7): public arrays. */
export function supportItemRoutes({ database }: AppDeps) {
  const router = Router({ caseSensitive: false })
  router.get('/SupportItem/getFAQs', async (_req, res) => void res.json(await findSupportItems(database.db, 'faq')))
  router.get('/SupportItem/getHowTos', async (_req, res) => void res.json(await findSupportItems(database.db, 'howto')))
  router.get('/SupportItem/getFormFAQs', async (_req, res) => void res.json(await findSupportItems(database.db, 'form-faq')))
  // 001 §2, §9: eight items, shown as two blocks of four.
  router.get('/SupportItem/getPromotionListFAQs', async (_req, res) => void res.json(await findSupportItems(database.db, 'promotion-list-faq', PROMOTION_LIST_FAQ_ITEMS)))
  return router
}
