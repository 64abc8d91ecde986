import crypto from 'node:crypto'
import { PassThrough, type Readable } from 'node:stream'
import { AppError, MSG_NO_SUCH_FILE, MSG_UPLOAD_FILE_REQUIRED, MSG_UPLOAD_SUCCESS } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { putStream, type FileStorage } from '../../storage/storage'
import type { IncomingFile } from './receive-upload'
import { findUploadByServerName, insertUpload, type UploadRecord } from './upload.repository'
import { notAcceptedReason, sanitiseFileName, SNIFF_HEAD_BYTES, sniffHead, textGuard } from './sniff-file'

/** The first `limit` bytes of a stream (fewer if it ends first), leaving the stream paused after them. */
function readHead(stream: Readable, limit: number): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (ended: boolean) => {
      stream.off('data', onData)
      stream.off('end', onEnd)
      stream.off('error', onError)
      resolve({ head: Buffer.concat(chunks), ended })
    }
    const onData = (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
      if (size >= limit) {
        stream.pause()
        finish(false)
      }
    }
    const onEnd = () => finish(true)
    const onError = (error: Error) => {
      stream.off('data', onData)
      stream.off('end', onEnd)
      reject(error)
    }
    stream.on('data', onData)
    stream.once('end', onEnd)
    stream.once('error', onError)
  })
}

/**
 * POST /api/Upload (001 §7), streamed (issue 18): the file is judged by its first bytes, then
 * streamed into storage under a name we generate (a text file is checked as it passes; more than
 * 10MB fails the stream), and recorded as the user's only once stored whole. A refused file
 * leaves nothing in storage. Answered with serverFileName, headerFileName, fileExtension and date.
 */
export async function storeUpload({ db, storage }: { db: Db; storage: FileStorage }, userId: number, file: IncomingFile | undefined) {
  if (!file) throw new AppError('VALIDATION', MSG_UPLOAD_FILE_REQUIRED, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } })
  const headerFileName = sanitiseFileName(Buffer.from(file.originalname, 'latin1').toString('utf8'))
  const refuse = (reason: string) => new AppError('VALIDATION', reason, { modelState: { file: [reason] } })
  const { head, ended } = await readHead(file.stream, SNIFF_HEAD_BYTES)
  if (head.length === 0) throw refuse(MSG_UPLOAD_FILE_REQUIRED)
  const sniffed = await sniffHead(head, headerFileName)
  if (!sniffed.ok) throw refuse(sniffed.reason)

  // The head again, then the rest as it arrives; a failure of either fails what is stored.
  let failure: unknown
  const body = new PassThrough()
  file.stream.on('error', (error) => body.destroy(error))
  body.write(head)
  if (ended) body.end()
  else file.stream.pipe(body)
  let source: Readable = body
  if (sniffed.text) {
    const guard = textGuard(() => refuse(notAcceptedReason))
    body.on('error', (error) => guard.destroy(error))
    source = body.pipe(guard)
  }
  source.on('error', (error) => (failure ??= error))

  const serverFileName = `${crypto.randomUUID()}.${sniffed.extension}`
  const key = `uploads/${serverFileName}`
  let sizeBytes: number
  try {
    sizeBytes = await putStream(storage, key, source)
  } catch (error) {
    await storage.delete(key).catch(() => {})
    throw failure instanceof AppError ? failure : error
  }
  let record: UploadRecord
  try {
    record = await insertUpload(db, { userId, serverFileName, headerFileName, fileExtension: sniffed.extension, mimeType: sniffed.mime, sizeBytes })
  } catch (error) {
    await storage.delete(key).catch(() => {})
    throw error
  }
  return {
    message: MSG_UPLOAD_SUCCESS,
    serverFileName: record.serverFileName,
    headerFileName: record.headerFileName,
    fileExtension: record.fileExtension,
    date: record.createdAt.toISOString(),
  }
}

/** GET /download/upload/{serverFileName}: the owner's or staff's; anyone else's is as missing as a missing one. */
export async function openUpload(
  { db, storage }: { db: Db; storage: FileStorage },
  viewer: { userId: number; isStaff: boolean },
  serverFileName: string,
): Promise<{ record: UploadRecord; stream: Readable }> {
  const record = await findUploadByServerName(db, serverFileName)
  if (!record || (record.userId !== viewer.userId && !viewer.isStaff)) throw new AppError('NOT_FOUND', MSG_NO_SUCH_FILE)
  const stream = await storage.get(`uploads/${record.serverFileName}`)
  if (!stream) throw new AppError('NOT_FOUND', MSG_NO_SUCH_FILE)
  return { record, stream }
}
