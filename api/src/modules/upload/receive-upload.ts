import { PassThrough, type Readable } from 'node:stream'
import type { Request } from 'express'
import busboy from 'busboy'
import { AppError, MSG_UPLOAD_ERROR, MSG_UPLOAD_FILE_REQUIRED, MSG_UPLOAD_ONE_FILE } from '@permitdesk/shared'

/** One file of a multipart request, as it arrives: never held whole in memory. */
export type IncomingFile = { originalname: string; stream: Readable }

const oneFile = () => new AppError('VALIDATION', MSG_UPLOAD_ONE_FILE, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } })
export const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', MSG_UPLOAD_ERROR, { modelState: { file: [MSG_UPLOAD_ERROR] } })

/**
 * Browsers escape LF, CR and `"` in a multipart file name as %0A, %0D and %22 (WHATWG); busboy
 * leaves them escaped. Only those three are reversed: a bare `%` is never escaped (`50%.pdf`).
 */
export function decodeFormDataName(name: string): string {
  return name.replace(/%0A|%0D|%22/gi, (match) => (match.toUpperCase() === '%0A' ? '\n' : match.toUpperCase() === '%0D' ? '\r' : '"'))
}

/**
 * Reads the one multipart field `file` as a stream and hands it to `handle` (which stores it)
 * while it arrives (issue 18: uploads streamed, not held in memory). More than `limitBytes`
 * fails the stream with the spec's 10MB message, so the store aborts and keeps nothing; a second
 * file or another field name is refused. After a failure the rest of the body is read and
 * discarded, so the client gets its answer. Resolves undefined when the request has no file.
 * The form's other (text) fields are written into `fields` when given.
 */
export function receiveOneFile<T>(
  req: Request,
  limitBytes: number,
  handle: (file: IncomingFile) => Promise<T>,
  fields?: Record<string, string>,
): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: limitBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 } })
    } catch {
      return reject(new AppError('VALIDATION', MSG_UPLOAD_FILE_REQUIRED, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } }))
    }
    let handling: Promise<T> | undefined
    let settled = false
    const fail = (error: unknown) => {
      if (settled) return
      settled = true
      req.unpipe(parser)
      req.resume()
      reject(error)
    }
    if (fields) parser.on('field', (name, value) => void (fields[name] = value))
    parser.on('file', (field, source, info) => {
      if (field !== 'file' || handling) {
        source.resume()
        return fail(oneFile())
      }
      const stream = new PassThrough()
      // The handler listens for errors only from certain points on; an error before must not go unheard (and crash).
      stream.on('error', () => {})
      // busboy stops the file at the limit and says so: fail the store, then drain what is left.
      source.on('limit', () => stream.destroy(tooLarge()))
      source.on('error', (error) => stream.destroy(error))
      source.pipe(stream)
      handling = handle({ originalname: decodeFormDataName(info.filename ?? ''), stream })
      handling.catch((error: unknown) => {
        source.unpipe(stream)
        source.resume()
        fail(error)
      })
    })
    parser.on('filesLimit', () => fail(oneFile()))
    parser.on('partsLimit', () => fail(oneFile()))
    parser.on('error', () => fail(new AppError('VALIDATION', MSG_UPLOAD_FILE_REQUIRED, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } })))
    parser.on('close', () => {
      if (settled) return
      if (!handling) {
        settled = true
        return resolve(undefined)
      }
      handling.then((value) => {
        if (settled) return
        settled = true
        resolve(value)
      }, fail)
    })
    req.on('aborted', () => fail(new AppError('VALIDATION', MSG_UPLOAD_FILE_REQUIRED)))
    req.pipe(parser)
  })
}
