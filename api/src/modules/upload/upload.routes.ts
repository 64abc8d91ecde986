import { z } from 'zod'
import { UPLOAD_LIMIT_BYTES, UploadResponseSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { surface, type SurfaceSpec } from '../../http/surface'
import { receiveOneFile } from './receive-upload'
import { openUpload, storeUpload } from './store-upload'
import { assertUploadAllowed } from './upload-limits'

/** Documents the multipart form. */
const UploadFormSchema = z.object({ file: z.string().meta({ format: 'binary' }).describe('the file (at most 10MB)') })

/**
 * POST /api/Upload (spec 001 section 7): one file in the multipart field `file`.
 * GET /download/upload/{serverFileName} (a download outside /api): the owner or staff only.
 */
export function uploadRoutes({ database, storage }: Pick<AppDeps, 'database' | 'storage'>): { api: RouteSpec[]; downloads: SurfaceSpec[] } {
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

  const downloads = [
    surface({
      kind: 'file',
      method: 'get',
      path: '/download/upload/:serverFileName',
      summary: 'An uploaded file, under the name it was uploaded with (its owner and staff).',
      tag: 'Upload',
      access: 'user',
      params: z.object({ serverFileName: z.string().min(1) }),
      contentTypes: ['application/pdf', 'image/*', 'application/octet-stream'],
      cache: 'private, no-store',
      handler: async ({ params, owner }) => {
        const { record, stream } = await openUpload({ db: database.db, storage }, owner, params.serverFileName)
        return { body: stream, type: record.mimeType, filename: record.headerFileName }
      },
    }),
  ]
  return { api, downloads }
}
