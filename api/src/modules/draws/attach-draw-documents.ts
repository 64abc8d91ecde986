/**
 * After a run (issue 15): the winners list (V, unmasked; W for a redraw's winners) and the entries
 * list (X) become attachments of the promotion, so submitAddendum can send them. They are stored as
 * the owner's uploads (downloadable at /download/upload/{serverFileName} like any attachment) and
 * written into the promotion's attachment list, with a changelog entry.
 */
import crypto from 'node:crypto'
import { PassThrough } from 'node:stream'
import { csvSafeCell, csvSafeRow, getAttachmentType } from '@permitdesk/shared'
import type { DrawResultRow, DrawRow } from '../../db/schema/draws'
import { putStream } from '../../storage/storage'
import { insertUpload } from '../upload/upload.repository'
import type { AppDeps } from '../../deps'
import { setPromotionAttachments } from './draws.repository'
import { writeSafeRows } from './canonical-file'

/** The draw service's dependencies (draw-service.ts DrawDeps), named here so the two files do not import each other. */
type DrawDeps = Pick<AppDeps, 'database' | 'storage' | 'mailer' | 'config' | 'logger'>

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

async function storeUpload(deps: DrawDeps, draw: DrawRow, userFileName: string, write: (out: PassThrough) => Promise<void>) {
  const serverFileName = `${crypto.randomUUID()}.csv`
  const out = new PassThrough()
  const storing = putStream(deps.storage, `uploads/${serverFileName}`, out)
  await write(out)
  out.end()
  const size = await storing
  await insertUpload(deps.database.db, {
    userId: draw.userId,
    serverFileName,
    headerFileName: userFileName,
    fileExtension: 'csv',
    mimeType: 'text/csv',
    sizeBytes: size,
  })
  return { serverFileName, userFileName }
}

export async function attachDrawDocuments(deps: DrawDeps, draw: DrawRow, result: DrawResultRow) {
  const header = draw.header ?? []
  const winnersFile = await storeUpload(deps, draw, `${draw.parentId ? 'unclaimed-prize-winners' : 'prize-winners'}-${draw.publicId}.csv`, async (out) => {
    out.write(`position,kind,entryIndex,${header.map((h) => csvField(csvSafeCell(h))).join(',')}\n`)
    for (const s of result.selections) out.write(`${s.position},${s.reserve ? 'reserve' : 'winner'},${s.entryIndex},${csvSafeRow(s.entry)}\n`)
  })
  const files: { code: string; file: { serverFileName: string; userFileName: string } }[] = [{ code: draw.parentId ? 'W' : 'V', file: winnersFile }]
  if (!draw.parentId && draw.entriesKey) {
    const entries = await storeUpload(deps, draw, `entries-${draw.publicId}.csv`, async (out) => {
      out.write(`${header.map((h) => csvField(csvSafeCell(h))).join(',')}\n`)
      const source = await deps.storage.get(draw.entriesKey!)
      if (!source) return
      await writeSafeRows(source, out)
    })
    files.push({ code: 'X', file: entries })
  }
  const now = new Date().toISOString()
  const entries = files.map(({ code, file }) => {
    const type = getAttachmentType(code)!
    return {
      attachmentType: { code: type.code, slug: type.slug, name: type.name, isAddendum: type.isAddendum },
      uploaded: true,
      isUploading: false,
      exists: true,
      reuseFromPromotion: null,
      shouldReuse: false,
      fileName: file.serverFileName,
      userFileName: file.userFileName,
      fileExtension: 'csv',
      uploadDate: now,
    }
  })
  await setPromotionAttachments(deps.database.db, draw.promotionId, entries, {
    userId: result.ranByUserId ?? draw.userId,
    summary: `draw ${draw.publicId}: ${files.map((f) => `${f.code} ${f.file.userFileName}`).join(', ')}`,
  })
}
