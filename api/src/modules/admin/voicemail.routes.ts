/**
 * Voicemails (issue 13): POST /api/admin/createVoicemail (multipart: the recording in `file`,
 * the caller's details beside it) and GET /download/voicemail/{file} (staff only).
 */
import type { Request } from 'express'
import { z } from 'zod'
import { AppError, MSG_ADMIN_ONLY, UPLOAD_LIMIT_BYTES } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { parseInput, route, type RouteSpec } from '../../http/route'
import { surface, type SurfaceSpec } from '../../http/surface'
import { createVoicemail, openVoicemail, VoicemailFieldsSchema } from './voicemails'
import { receiveOneFile } from '../upload/receive-upload'
import { streamToBuffer } from '../../storage/storage'

/**
 * The recording and the fields beside it. A voicemail is at most 10MB and only staff send one, so
 * it is collected in memory to be checked by its bytes before it is stored.
 */
async function receiveForm(req: Request): Promise<{ file: { buffer: Buffer } | undefined; fields: Record<string, string> }> {
  const fields: Record<string, string> = {}
  const file = await receiveOneFile(req, UPLOAD_LIMIT_BYTES, async ({ stream }) => ({ buffer: await streamToBuffer(stream) }), fields)
  return { file, fields }
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
      method: 'post',
      path: '/admin/createVoicemail',
      summary: "Record a phone message: the recording and the caller's details become a customer contact (kind voicemail).",
      access: 'staff',
      multipart: true,
      status: 201,
      body: VoicemailFormSchema,
      response: z.object({ id: z.number(), kind: z.string(), voicemailFile: z.string().nullable() }).passthrough(),
      handler: async ({ req, user }) => {
        const { file, fields } = await receiveForm(req)
        return createVoicemail({ db: deps.database.db, storage: deps.storage }, user, parseInput(VoicemailFieldsSchema, fields), file, new Date())
      },
    }),
  ]
}

/** GET /download/voicemail/{file}: 401 signed out, 403 to anyone but a staff administrator. */
export function voicemailDownloadRoutes(deps: AppDeps): SurfaceSpec[] {
  return [
    surface({
      kind: 'file',
      method: 'get',
      path: '/download/voicemail/:file',
      summary: 'A recorded voicemail (staff administrators only).',
      tag: 'admin',
      access: 'staff',
      deniedMessage: MSG_ADMIN_ONLY,
      params: z.object({ file: z.string().min(1) }),
      contentTypes: ['audio/mpeg', 'audio/wav', 'audio/mp4', 'audio/ogg', 'audio/amr'],
      cache: 'private, no-store',
      handler: async ({ params, user }) => {
        // Marketing staff are staff too, but a caller's recording is for administrators.
        if (user.staffRole !== 'admin') throw new AppError('FORBIDDEN', MSG_ADMIN_ONLY)
        const { mimeType, stream, downloadName } = await openVoicemail({ db: deps.database.db, storage: deps.storage }, params.file)
        return { body: stream, type: mimeType, filename: downloadName }
      },
    }),
  ]
}
