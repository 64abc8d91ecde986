import type { Request } from 'express'
import busboy from 'busboy'
import { AppError, MSG_DRAW_COMMITTED, MSG_DRAW_FILE_REQUIRED, MSG_DRAW_ID_REQUIRED, msgDrawQuotaReached } from '@permitdesk/shared'
import { sanitiseFileName } from '../upload/sniff-file'
import * as repo from './draws.repository'
import { requireDraw, requireNotCancelled, type DrawDeps, type Owner } from './draw-service'
import { ingestEntries, type StoredEntries } from './ingest-entries'
import { deleteProofIndex } from './proof-index'
import { proofWorkerPool } from './proof-index-job'
import { rowIndexKey } from './row-index'

const missingFile = () => new AppError('VALIDATION', MSG_DRAW_FILE_REQUIRED, { modelState: { file: [MSG_DRAW_FILE_REQUIRED] } })

/**
 * POST /api/draw/uploadEntries (`?id=` or a multipart `id` field before `file`): the draw and its
 * owner are checked before a single byte of the file is stored (issue 23); a file that comes
 * before any id is refused unread. The file then streams through ingestEntries straight to
 * storage. Replaces the entries until the commit; 409 after.
 */
export async function uploadEntries(deps: DrawDeps, owner: Owner, req: Request) {
  const limitBytes = deps.config.DRAW_UPLOAD_LIMIT_MB * 1024 * 1024
  // The proof index's workers boot on their own threads while the draw and the quota are checked.
  proofWorkerPool.warm()
  let idText: string | undefined = typeof req.query.id === 'string' ? req.query.id : undefined
  let fileName = 'entries.csv'
  let work: Promise<StoredEntries> | undefined

  const checkDraw = async () => {
    const id = Number(idText)
    if (!idText || !Number.isSafeInteger(id) || id < 1) throw new AppError('VALIDATION', MSG_DRAW_ID_REQUIRED, { modelState: { id: [MSG_DRAW_ID_REQUIRED] } })
    const draw = await requireDraw(deps, owner, id)
    requireNotCancelled(draw)
    if (draw.committedAt) throw new AppError('CONFLICT', MSG_DRAW_COMMITTED)
    // The quota, before the file: what the account keeps, less the entries this upload replaces,
    // plus the most this request can hold (its length, else the per-file limit).
    const length = Number(req.headers['content-length'])
    const incoming = Number.isSafeInteger(length) && length > 0 ? Math.min(length, limitBytes) : limitBytes
    const kept = (await repo.entriesBytesOf(deps.database.db, draw.userId)) - (draw.entriesBytes ?? 0)
    if (kept + incoming > deps.config.DRAW_QUOTA_MB * 1024 * 1024) {
      const message = msgDrawQuotaReached(deps.config.DRAW_QUOTA_MB)
      throw new AppError('PAYLOAD_TOO_LARGE', message, { modelState: { file: [message] } })
    }
    return draw
  }

  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 10, fileSize: limitBytes + 1 } })
    } catch {
      reject(missingFile())
      return
    }
    parser.on('field', (name, value) => {
      // An id after the file would name a draw that was not checked before storing: ignored.
      if (name === 'id' && !work) idText = value
    })
    parser.on('file', (name, file, info) => {
      if (name !== 'file' || work) {
        file.resume()
        return
      }
      fileName = sanitiseFileName(info.filename ?? 'entries.csv')
      work = (async () => {
        // No id yet: nothing is stored for a draw nobody has checked.
        await checkDraw()
        return ingestEntries(deps.storage, file, { limitBytes })
      })()
      work.catch(() => file.resume())
    })
    parser.on('close', () => resolve())
    parser.on('error', (error) => reject(error instanceof AppError ? error : missingFile()))
    req.pipe(parser)
  })
  if (!work) throw missingFile()
  const stored = await work
  try {
    const draw = await checkDraw()
    const updated = await repo.replaceEntries(deps.database.db, draw.id, {
      entriesKey: stored.key,
      entryCount: stored.entryCount,
      entriesHash: stored.entriesHash,
      entriesBytes: stored.bytes,
      header: stored.header,
      rowOffsets: stored.rowOffsets,
      rowIndexEvery: stored.rowIndexEvery,
      sourceFileName: fileName,
    })
    if (!updated) throw new AppError('CONFLICT', MSG_DRAW_COMMITTED)
    if (draw.entriesKey) {
      await deps.storage.delete(draw.entriesKey).catch(() => {})
      await deps.storage.delete(rowIndexKey(draw.entriesKey)).catch(() => {})
      await deleteProofIndex(deps.storage, draw.entriesKey)
    }
  } catch (error) {
    await deps.storage.delete(stored.key).catch(() => {})
    await deps.storage.delete(rowIndexKey(stored.key)).catch(() => {})
    await deleteProofIndex(deps.storage, stored.key)
    throw error
  }
  return { entryCount: stored.entryCount, entriesHash: stored.entriesHash }
}
