import crypto from 'node:crypto'
import type { Readable } from 'node:stream'
import { AppError, MSG_NO_SUCH_FILE, MSG_UPLOAD_FILE_REQUIRED, MSG_UPLOAD_SUCCESS } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { findUploadByServerName, insertUpload, type UploadRecord } from './upload.repository'
import { sanitiseFileName, sniffFile } from './sniff-file'

export type ReceivedFile = { originalname: string; buffer: Buffer; size: number }

/**
 * POST /api/Upload (001 §7): the file is sniffed by its bytes, stored under a name we generate and
 * recorded as the user's; answered with serverFileName, headerFileName, fileExtension and date.
 */
export async function storeUpload({ db, storage }: { db: Db; storage: FileStorage }, userId: number, file: ReceivedFile | undefined) {
  if (!file) throw new AppError('VALIDATION', MSG_UPLOAD_FILE_REQUIRED, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } })
  const headerFileName = sanitiseFileName(Buffer.from(file.originalname, 'latin1').toString('utf8'))
  const sniffed = await sniffFile(file.buffer, headerFileName)
  if (!sniffed.ok) throw new AppError('VALIDATION', sniffed.reason, { modelState: { file: [sniffed.reason] } })
  const serverFileName = `${crypto.randomUUID()}.${sniffed.extension}`
  await storage.put(`uploads/${serverFileName}`, file.buffer)
  const record = await insertUpload(db, { userId, serverFileName, headerFileName, fileExtension: sniffed.extension, mimeType: sniffed.mime, sizeBytes: file.size })
  return {
    message: MSG_UPLOAD_SUCCESS,
    serverFileName: record.serverFileName,
    headerFileName: record.headerFileName,
    fileExtension: record.fileExtension,
    date: record.createdAt.toISOString(),
  }
}

/** GET /download/upload/{serverFileName}: the owner's or staff's; anyone else's is as missing as a missing one. */
export async function openUpload({ db, storage }: { db: Db; storage: FileStorage }, viewer: { userId: number; isStaff: boolean }, serverFileName: string): Promise<{ record: UploadRecord; stream: Readable }> {
  const record = await findUploadByServerName(db, serverFileName)
  if (!record || (record.userId !== viewer.userId && !viewer.isStaff)) throw new AppError('NOT_FOUND', MSG_NO_SUCH_FILE)
  const stream = await storage.get(`uploads/${record.serverFileName}`)
  if (!stream) throw new AppError('NOT_FOUND', MSG_NO_SUCH_FILE)
  return { record, stream }
}
