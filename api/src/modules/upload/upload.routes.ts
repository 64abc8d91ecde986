import crypto from 'node:crypto'
import { Router, type ErrorRequestHandler, type Request, type Response } from 'express'
import multer from 'multer'
import { MSG_UPLOAD_ERROR, MSG_UPLOAD_SUCCESS, UPLOAD_LIMIT_BYTES } from '@permitdesk/shared'
import type { AppDeps } from '../../app'
import { requireUser } from '../../http/auth'
import { HttpError } from '../../http/http-error'
import { findUploadByServerName, insertUpload } from './upload.repository'
import { sanitiseFileName, sniffFile } from './sniff-file'

const receive = multer({ storage: multer.memoryStorage(), limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10 } }).single('file')

/** Multer's own errors in the spec's words: an oversize file gets the 10MB message. */
const uploadErrors: ErrorRequestHandler = (error, _req, _res, next) => {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, MSG_UPLOAD_ERROR, { file: [MSG_UPLOAD_ERROR] }, 'PAYLOAD_TOO_LARGE'))
    return next(new HttpError(400, 'Please send one file in the field "file".', { file: ['Please choose a file to upload.'] }, 'VALIDATION'))
  }
  next(error)
}

/**
 * POST /api/Upload (spec 001 section 7): one file in the multipart field `file`, sniffed by its
 * bytes, stored under a name we generate, answered with serverFileName, headerFileName,
 * fileExtension and date. GET /download/upload/{serverFileName}: the owner or staff only.
 */
export function uploadRoutes({ database, storage }: Pick<AppDeps, 'database' | 'storage'>) {
  const api = Router()
  api.post('/Upload', requireUser, receive, uploadErrors, async (req: Request, res: Response) => {
    const file = req.file
    if (!file) throw new HttpError(400, 'Please choose a file to upload.', { file: ['Please choose a file to upload.'] }, 'VALIDATION')
    const headerFileName = sanitiseFileName(Buffer.from(file.originalname, 'latin1').toString('utf8'))
    const sniffed = await sniffFile(file.buffer, headerFileName)
    if (!sniffed.ok) throw new HttpError(400, sniffed.reason, { file: [sniffed.reason] }, 'VALIDATION')
    const serverFileName = `${crypto.randomUUID()}.${sniffed.extension}`
    await storage.put(`uploads/${serverFileName}`, file.buffer)
    const record = await insertUpload(database.db, {
      userId: res.locals.user!.id,
      serverFileName,
      headerFileName,
      fileExtension: sniffed.extension,
      mimeType: sniffed.mime,
      sizeBytes: file.size,
    })
    res.status(201).json({
      message: MSG_UPLOAD_SUCCESS,
      serverFileName: record.serverFileName,
      headerFileName: record.headerFileName,
      fileExtension: record.fileExtension,
      date: record.createdAt.toISOString(),
    })
  })

  const downloads = Router()
  downloads.get('/upload/:serverFileName', requireUser, async (req, res) => {
    const record = await findUploadByServerName(database.db, String(req.params.serverFileName))
    const user = res.locals.user!
    // Someone else's file is as invisible as a missing one.
    if (!record || (record.userId !== user.id && !user.isStaff)) throw new HttpError(404, 'There is no such file.', undefined, 'NOT_FOUND')
    const stream = await storage.get(`uploads/${record.serverFileName}`)
    if (!stream) throw new HttpError(404, 'There is no such file.', undefined, 'NOT_FOUND')
    res.set('Content-Type', record.mimeType)
    res.set('Content-Disposition', `attachment; filename="${record.headerFileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(record.headerFileName)}`)
    res.set('Cache-Control', 'private, no-store')
    stream.pipe(res)
  })
  return { api, downloads }
}
