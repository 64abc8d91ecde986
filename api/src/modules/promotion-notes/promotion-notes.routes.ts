import { Router } from 'express'
import type { AppDeps } from '../../app'
import { currentUser, requireUser } from '../../http/auth'
import { PromotionIdQuerySchema } from '../promotions/promotions.schemas'
import { deletePromotionNote, getPromotionNotes, savePromotionNote } from './promotion-notes'

/** /api/promotionNote/{get,save,delete} (001 §7). */
export function promotionNoteRoutes({ database }: AppDeps) {
  const db = database.db
  const router = Router({ caseSensitive: false })
  router.use('/promotionNote', requireUser)
  const owner = (res: Parameters<typeof currentUser>[0]) => ({ userId: currentUser(res).id, isStaff: currentUser(res).isStaff })

  router.get('/promotionNote/get', async (req, res) => {
    const { id } = PromotionIdQuerySchema.parse(req.query)
    res.json(await getPromotionNotes(db, owner(res), id))
  })
  router.post('/promotionNote/save', async (req, res) => {
    res.json(await savePromotionNote(db, owner(res), req.body))
  })
  router.post('/promotionNote/delete', async (req, res) => {
    res.json(await deletePromotionNote(db, owner(res), req.body))
  })
  return router
}
