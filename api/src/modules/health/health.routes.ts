import { Router } from 'express'
import type { AppDeps } from '../../app'

/** GET /api/health: 200 {"status":"ok"} only while the database answers. */
export function healthRoutes({ database }: AppDeps) {
  const router = Router()
  router.get('/health', async (_req, res) => {
    try {
      await database.pool.query('select 1')
      res.json({ status: 'ok' })
    } catch {
      res.status(503).json({ status: 'unavailable', message: 'The database is not answering.' })
    }
  })
  return router
}
