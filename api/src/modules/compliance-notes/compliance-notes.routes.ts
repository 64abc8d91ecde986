import { ComplianceNoteCreateSchema, ComplianceNoteDeleteSchema, ComplianceNoteListQuerySchema } from '@permitdesk/shared'
import { Router, type Response } from 'express'
import type { AppDeps } from '../../app'
import { currentUser, requireStaff, requireUser } from '../../http/auth'
import type { Owner } from '../promotions/promotions.repository'
import { createComplianceNote } from './create-compliance-note'
import { deleteComplianceNote } from './delete-compliance-note'
import { getComplianceNotes } from './get-compliance-notes'

function ownerOf(res: Response): Owner {
  const user = currentUser(res)
  return { userId: user.id, isStaff: user.isStaff }
}

/**
 * /api/ComplianceNote/{get,create,delete} (001 §7). The promotion's owner and staff read the notes;
 * only staff write them (401 signed out, 403 customers).
 */
export function complianceNoteRoutes({ database }: AppDeps) {
  const db = database.db
  const router = Router({ caseSensitive: false })

  router.get('/ComplianceNote/get', requireUser, async (req, res) => {
    const { promotionId } = ComplianceNoteListQuerySchema.parse(req.query)
    res.json(await getComplianceNotes(db, ownerOf(res), promotionId))
  })
  router.post('/ComplianceNote/create', requireStaff, async (req, res) => {
    res.json(await createComplianceNote(db, ownerOf(res), ComplianceNoteCreateSchema.parse(req.body)))
  })
  router.post('/ComplianceNote/delete', requireStaff, async (req, res) => {
    const { id } = ComplianceNoteDeleteSchema.parse(req.body)
    res.json(await deleteComplianceNote(db, id))
  })
  return router
}
