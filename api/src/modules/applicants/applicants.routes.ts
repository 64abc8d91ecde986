import { ApplicantGetQuerySchema, ApplicantLatestQuerySchema, ApplicantReuseListQuerySchema } from '@permitdesk/shared'
import { Router, type Response } from 'express'
import type { AppDeps } from '../../app'
import { currentUser, requireUser } from '../../http/auth'
import type { Owner } from '../promotions/promotions.repository'
import { getApplicant } from './get-applicant'
import { getApplicantReuseList } from './get-applicant-reuse-list'
import { getLatestApplicant } from './get-latest-applicant'

function ownerOf(res: Response): Owner {
  const user = currentUser(res)
  return { userId: user.id, isStaff: user.isStaff }
}

/** /api/applicant/{getReuseList,get,getLatest} (001 §7): parse, call the use case, answer. Signed-in users only. */
export function applicantRoutes({ database }: AppDeps) {
  const db = database.db
  const router = Router({ caseSensitive: false })
  router.use('/applicant', requireUser)

  router.get('/applicant/getReuseList', async (req, res) => {
    res.json(await getApplicantReuseList(db, ownerOf(res), ApplicantReuseListQuerySchema.parse(req.query)))
  })
  router.get('/applicant/get', async (req, res) => {
    res.json(await getApplicant(db, ownerOf(res), ApplicantGetQuerySchema.parse(req.query)))
  })
  router.get('/applicant/getLatest', async (req, res) => {
    // JSON null (200) when the user has no applicant yet.
    res.json(await getLatestApplicant(db, ownerOf(res), ApplicantLatestQuerySchema.parse(req.query)))
  })
  return router
}
