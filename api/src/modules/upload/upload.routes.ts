import { Router, type Request, type Response } from 'express'
import multer from 'multer'
import { z } from 'zod'
import { AppError, MSG_UPLOAD_ERROR, MSG_UPLOAD_FILE_REQUIRED, MSG_UPLOAD_ONE_FILE, UPLOAD_LIMIT_BYTES, UploadResponseSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { openUpload, storeUpload, type ReceivedFile } from './store-upload'
import { assertUploadAllowed } from './upload-limits'

const receive = multer({ storage: multer.memoryStorage(), limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10 } }).single('file')

/** Reads the one multipart file; multer's own errors in the spec's words (an oversize file gets the 10MB message). */
function receiveFile(req: Request, res: Response): Promise<ReceivedFile | undefined> {
  return new Promise((resolve, reject) => {
    receive(req, res, (error: unknown) => {
      if (!error) return resolve(req.file)
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return reject(new AppError('PAYLOAD_TOO_LARGE', MSG_UPLOAD_ERROR, { modelState: { file: [MSG_UPLOAD_ERROR] } }))
        return reject(new AppError('VALIDATION', MSG_UPLOAD_ONE_FILE, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } }))
      }
      reject(error)
    })
  })
}

/** Documents the multipart form. */
const UploadFormSchema = z.object({ file: z.string().meta({ format: 'binary' }).describe('the file (at most 10MB)') })

/**
 * POST /api/Upload (spec 001 section 7): one file in the multipart field `file`.
 * GET /download/upload/{serverFileName} (a plain router, outside /api): the owner or staff only.
 */
export function uploadRoutes({ database, storage }: Pick<AppDeps, 'database' | 'storage'>): { api: RouteSpec[]; downloads: Router } {
  const api = [
    route({
      method: 'post', path: '/Upload', access: 'user', status: 201, multipart: true, summary: 'Upload one file (multipart field "file", at most 10MB).',
      body: UploadFormSchema, response: UploadResponseSchema,
      handler: async ({ user, req, res }) => {
        await assertUploadAllowed(database.db, user.id)
        return storeUpload({ db: database.db, storage }, user.id, await receiveFile(req, res))
      },
    }),
  ]

  const downloads = Router()
  downloads.get('/upload/:serverFileName', async (req, res) => {
    const user = res.locals.user
    if (!user) throw new AppError('UNAUTHENTICATED')
    const { record, stream } = await openUpload({ db: database.db, storage }, { userId: user.id, isStaff: user.isStaff }, String(req.params.serverFileName))
    res.set('Content-Type', record.mimeType)
    res.set('Content-Disposition', `attachment; filename="${record.headerFileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(record.headerFileName)}`)
    res.set('Cache-Control', 'private, no-store')
    stream.pipe(res)
  })
  return { api, downloads }
}
