import { Router, type Response } from 'express'
import type { AppDeps } from '../../app'
import { currentUser, requireUser } from '../../http/auth'
import { archivePromotion } from './archive-promotion'
import { createPromotion } from './create-promotion'
import { deletePromotion } from './delete-promotion'
import { getPromotion } from './get-promotion'
import { getReuseList } from './get-reuse-list'
import { listPromotions } from './list-promotions'
import { modifyPromotion } from './modify-promotion'
import type { Owner } from './promotions.repository'
import { ArchiveBodySchema, PromotionIdBodySchema, PromotionIdQuerySchema, PromotionListQuerySchema, ReuseListQuerySchema } from './promotions.schemas'
import { requestLawyerContact } from './request-lawyer-contact'
import { saveAttachments } from './save-attachments'
import { saveNswAuthority } from './save-nsw-authority'
import { savePromotion } from './save-promotion'

function ownerOf(res: Response): Owner {
  const user = currentUser(res)
  return { userId: user.id, isStaff: user.isStaff }
}

/** /api/promotion/{action} (001 §7): parse, call the use case, answer. Every call needs a signed-in user. */
export function promotionRoutes({ database }: AppDeps) {
  const db = database.db
  const router = Router({ caseSensitive: false })
  router.use('/promotion', requireUser)

  router.post('/promotion/create', async (req, res) => {
    res.json(await createPromotion(db, currentUser(res).id, req.body))
  })
  router.post('/promotion/modify', async (req, res) => {
    res.json(await modifyPromotion(db, ownerOf(res), req.body))
  })
  router.post('/promotion/save', async (req, res) => {
    res.json(await savePromotion(db, ownerOf(res), req.body))
  })
  router.post('/promotion/saveNswAuthority', async (req, res) => {
    res.json(await saveNswAuthority(db, ownerOf(res), req.body))
  })
  router.post('/promotion/saveAttachments', async (req, res) => {
    res.json(await saveAttachments(db, ownerOf(res), req.body))
  })
  router.get('/promotion/get', async (req, res) => {
    const { id } = PromotionIdQuerySchema.parse(req.query)
    res.json(await getPromotion(db, ownerOf(res), id))
  })
  router.get('/promotion/list', async (req, res) => {
    res.json(await listPromotions(db, ownerOf(res), PromotionListQuerySchema.parse(req.query)))
  })
  router.get('/promotion/getReuseList', async (req, res) => {
    const { search, exclude } = ReuseListQuerySchema.parse(req.query)
    res.json(await getReuseList(db, ownerOf(res), search, exclude))
  })
  router.post('/promotion/archive', async (req, res) => {
    const { id, archived } = ArchiveBodySchema.parse(req.body)
    res.json(await archivePromotion(db, ownerOf(res), id, archived))
  })
  router.post('/promotion/delete', async (req, res) => {
    const { id } = PromotionIdBodySchema.parse(req.body)
    res.json(await deletePromotion(db, ownerOf(res), id))
  })
  router.post('/promotion/requestLawyerContact', async (req, res) => {
    const { id } = PromotionIdBodySchema.parse(req.body)
    res.json(await requestLawyerContact(db, ownerOf(res), id))
  })
  return router
}
