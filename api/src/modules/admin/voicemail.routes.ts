/**
 * Voicemails (issue 13): POST /api/admin/createVoicemail (multipart: the recording in `file`,
 * the caller's details beside it) and GET /download/voicemail/{file} (staff only).
 */
import { Router, type Request } from 'express'
import busboy from 'busboy'
import { z } from 'zod'
import { AppError, MSG_ADMIN_ONLY, MSG_UPLOAD_ERROR, MSG_VOICEMAIL_FILE_REQUIRED, UPLOAD_LIMIT_BYTES } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { parseInput, route, type RouteSpec } from '../../http/route'
import { createVoicemail, openVoicemail, VoicemailFieldsSchema } from './voicemails'

/**
 * The recording and the fields beside it. A voicemail is at most 10MB and only staff send one, so
 * it is collected in memory (bounded by busboy's limit) to be checked by its bytes before it is
 * stored; customer uploads stream (modules/upload).
 */
function receiveForm(req: Request): Promise<{ file: { buffer: Buffer } | undefined; fields: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {}
    let file: { buffer: Buffer } | undefined
    let settled = false
    const fail = (error: AppError) => {
      if (settled) return
      settled = true
      req.unpipe(parser)
      req.resume()
      reject(error)
    }
    const refused = () => new AppError('VALIDATION', MSG_VOICEMAIL_FILE_REQUIRED, { modelState: { file: [MSG_VOICEMAIL_FILE_REQUIRED] } })
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 } })
    } catch {
      return reject(refused())
    }
    parser.on('field', (name, value) => {
      fields[name] = value
    })
    parser.on('file', (name, source) => {
      if (name !== 'file' || file) {
        source.resume()
        return fail(refused())
      }
      const chunks: Buffer[] = []
      source.on('data', (chunk: Buffer) => chunks.push(chunk))
      source.on('limit', () => fail(new AppError('PAYLOAD_TOO_LARGE', MSG_UPLOAD_ERROR, { modelState: { file: [MSG_UPLOAD_ERROR] } })))
      source.on('end', () => {
        file = { buffer: Buffer.concat(chunks) }
      })
    })
    parser.on('filesLimit', () => fail(refused()))
    parser.on('partsLimit', () => fail(refused()))
    parser.on('error', () => fail(refused()))
    parser.on('close', () => {
      if (settled) return
      settled = true
      resolve({ file, fields })
    })
    req.pipe(parser)
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
        const { file, fields } = await receiveForm(req)
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
