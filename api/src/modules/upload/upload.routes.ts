import { Router } from 'express'
import { z } from 'zod'
import { AppError, UPLOAD_LIMIT_BYTES, UploadResponseSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { receiveOneFile } from './receive-upload'
import { openUpload, storeUpload } from './store-upload'
import { assertUploadAllowed } from './upload-limits'

/** Documents the multipart form. */
const UploadFormSchema = z.object({ file: z.string().meta({ format: 'binary' }).describe('the file (at most 10MB)') })

/**
 * POST /api/Upload (spec 001 section 7): one file in the multipart field `file`.
 * GET /download/upload/{serverFileName} (a plain router, outside /api): the owner or staff only.
 */
export function uploadRoutes({ database, storage }: Pick<AppDeps, 'database' | 'storage'>): { api: RouteSpec[]; downloads: Router } {
  const api = [
    route({
      method: 'post',
      path: '/Upload',
      access: 'user',
      status: 201,
      multipart: true,
      summary: 'Upload one file (multipart field "file", at most 10MB).',
      body: UploadFormSchema,
      response: UploadResponseSchema,
      handler: async ({ user, req }) => {
        await assertUploadAllowed(database.db, user.id)
        // Stored while it arrives: the file is never whole in memory (issue 18).
        const stored = await receiveOneFile(req, UPLOAD_LIMIT_BYTES, (file) => storeUpload({ db: database.db, storage }, user.id, file))
        return stored ?? storeUpload({ db: database.db, storage }, user.id, undefined)
      },
    }),
  ]

  const downloads = Router()
  downloads.get('/upload/:serverFileName', async (req, res) => {
    const user = res.locals.user
    if (!user) throw new AppError('UNAUTHENTICATED')
    const { record, stream } = await openUpload({ db: database.db, storage }, { userId: user.id, isStaff: user.isStaff }, String(req.params.serverFileName))
    res.set('Content-Type', record.mimeType)
    res.set(
      'Content-Disposition',
      `attachment; filename="${record.headerFileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(record.headerFileName)}`,
    )
    res.set('Cache-Control', 'private, no-store')
    stream.pipe(res)
  })
  return { api, downloads }
}
