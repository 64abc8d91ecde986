/**
 * Voicemails (issue 13): POST /api/admin/createVoicemail (multipart: the recording in `file`,
 * the caller's details beside it) and GET /download/voicemail/{file} (staff only).
 */
import { Router, type Request, type Response } from 'express'
import multer from 'multer'
import { z } from 'zod'
import { AppError, MSG_ADMIN_ONLY, MSG_UPLOAD_ERROR, MSG_VOICEMAIL_FILE_REQUIRED, UPLOAD_LIMIT_BYTES } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { parseInput, route, type RouteSpec } from '../../http/route'
import { createVoicemail, openVoicemail, VoicemailFieldsSchema } from './voicemails'

const receive = multer({ storage: multer.memoryStorage(), limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 10_000 } }).single('file')

function receiveForm(req: Request, res: Response): Promise<{ file: Express.Multer.File | undefined; fields: unknown }> {
  return new Promise((resolve, reject) => {
    receive(req, res, (error: unknown) => {
      if (!error) return resolve({ file: req.file, fields: req.body })
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return reject(new AppError('PAYLOAD_TOO_LARGE', MSG_UPLOAD_ERROR, { modelState: { file: [MSG_UPLOAD_ERROR] } }))
        return reject(new AppError('VALIDATION', MSG_VOICEMAIL_FILE_REQUIRED, { modelState: { file: [MSG_VOICEMAIL_FILE_REQUIRED] } }))
      }
      reject(error)
    })
  })
}

const VoicemailFormSchema = z.object({
  file: z.string().meta({ format: 'binary' }).describe('the recording (MP3, WAV, M4A, OGG, AMR; at most 10MB)'),
  name: z.string().optional().describe("the caller's name"),
  phone: z.string().optional().describe("the caller's number (name or number required)"),
  email: z.string().optional(),
  message: z.string().optional().describe('what the caller said, in short'),
  promotionRef: z.string().optional().describe('the promotion the caller asked about'),
})

/** The API call (put in the admin list, under the staff guard). */
export function voicemailApiRoutes(deps: AppDeps): RouteSpec[] {
  return [
    route({
      method: 'post', path: '/admin/createVoicemail', summary: "Record a phone message: the recording and the caller's details become a customer contact (kind voicemail).", access: 'staff',
      multipart: true, status: 201, body: VoicemailFormSchema,
      response: z.object({ id: z.number(), kind: z.string(), voicemailFile: z.string().nullable() }).passthrough(),
      handler: async ({ req, res, user }) => {
        const { file, fields } = await receiveForm(req, res)
        return createVoicemail({ db: deps.database.db, storage: deps.storage }, user, parseInput(VoicemailFieldsSchema, fields), file, new Date())
      },
    }),
  ]
}

/** GET /download/voicemail/{file}: 401 signed out, 403 to anyone but a staff administrator. */
export function voicemailDownloadRoutes(deps: AppDeps) {
  const router = Router({ caseSensitive: false })
  router.get('/download/voicemail/:file', async (req, res) => {
    const user = res.locals.user
    if (!user) throw new AppError('UNAUTHENTICATED')
    if (!user.isStaff || user.staffRole !== 'admin' || res.locals.apiKey) throw new AppError('FORBIDDEN', MSG_ADMIN_ONLY)
    const { mimeType, stream, downloadName } = await openVoicemail({ db: deps.database.db, storage: deps.storage }, String(req.params.file))
    res.set('Content-Type', mimeType)
    res.set('Content-Disposition', `attachment; filename="${downloadName}"`)
    res.set('Cache-Control', 'private, no-store')
    stream.pipe(res)
  })
  return router
}
