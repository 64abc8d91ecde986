/**
 * Personal-data retention (issue #30). When the longest record period of a promotion's states has
 * passed (the `keep-records` duty of its compliance calendar), its entrants' personal data is
 * deleted, keeping only hashes so its draws stay checkable (docs/rules.md, "Personal data"):
 * - each draw's canonical entries file is replaced by its leaf hashes, one lowercase hex line per
 *   row in order (SHA-256(0x00 ‖ row), DESIGN.md §5a): the published entries root and any
 *   inclusion proof can still be checked; the value index (hashes of single fields) is deleted;
 * - each selected entry on a draw result becomes `leaf:<hash>`, the form verify-draw.mjs takes;
 * - the winners and entries copies attached to the promotion (codes V, W, X) are deleted;
 * - collected entries, through `deleteCollectedEntries` (the entries module's deleteEntrantData).
 * A deletion certificate (PDF) is stored as the owner's upload and closes the records duty.
 * Staff legal holds stop it. Run daily by jobs/retention.ts; idempotent per promotion.
 */
import crypto from 'node:crypto'
import { PassThrough } from 'node:stream'
import { MerkleBuilder, merkleLeaf, retentionDecision, toHex, KEEP_RECORDS_CODE, entryFilesPrefix, type RetentionDecision } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import type { DrawSelection } from '../../db/schema/draws'
import type { RetentionDetails } from '../../db/schema/rule-sets'
import { putStream } from '../../storage/storage'
import { insertChange, type DbOrTx } from '../changelog/changelog.repository'
import { eachCanonicalRow } from '../draws/canonical-file'
import { letterheadOf } from '../draws/certificate'
import { valueIndexKey } from '../draws/proof-index'
import { rowIndexKey } from '../draws/row-index'
import { listObligations } from '../rules/get-obligations'
import { findPromotion } from '../promotions/promotions.repository'
import { insertUpload } from '../upload/upload.repository'
import { renderDeletionCertificate } from './deletion-certificate'
import {
  closeRecordsDuty,
  clearDrawEntries,
  deleteUploadRows,
  findDrawsForRetention,
  findLegalHold,
  findRetentionCandidates,
  findRetentionDeletion,
  insertRetentionDeletion,
  replaceDrawSelections,
  setAttachmentsForRetention,
} from './retention.repository'

export type RetentionDeps = Pick<AppDeps, 'database' | 'storage' | 'pdf' | 'config' | 'logger'> & {
  /**
   * Deletes the promotion's collected entries (issue #27's `entries` table) in the retention
   * transaction and answers how many rows went. Wired by the lead at merge to the entries module's
   * `deleteEntrantData(promotionId)`; left out, the certificate says nothing about collected entries.
   */
  deleteCollectedEntries?: (tx: DbOrTx, promotionId: number) => Promise<number>
}

const STAFF = { userId: 0, isStaff: true }
const sha256 = (data: Uint8Array) => crypto.hash('sha256', data, 'buffer') as Uint8Array
/** The attachments the draws made from entrants' data (attach-draw-documents.ts): winners (V, W) and entries (X). */
const ENTRANT_ATTACHMENT_CODES = new Set(['V', 'W', 'X'])
const leafKey = (publicId: string) => `retention/draw-${publicId}-leaves.txt`

/** Whether a promotion's data is due for deletion on `now` (Sydney), and under which duty. */
export async function retentionStatus(db: DbOrTx, promotionId: number, now: Date): Promise<RetentionDecision & { ruleSetId?: string }> {
  const calendar = await listObligations(db, STAFF, promotionId, now)
  const hold = await findLegalHold(db, promotionId)
  return { ...retentionDecision(calendar.obligations, calendar.today, hold !== undefined), ruleSetId: calendar.ruleSetId }
}

/** Writes the leaf hashes of an entries file beside it; answers their key and the root they give. */
async function writeLeaves(deps: RetentionDeps, entriesKey: string, publicId: string): Promise<{ key: string; root: string; count: number }> {
  const source = await deps.storage.get(entriesKey)
  if (!source) throw new Error(`draw entries missing: ${entriesKey}`)
  const key = leafKey(publicId)
  const out = new PassThrough()
  const storing = putStream(deps.storage, key, out)
  const tree = new MerkleBuilder(sha256)
  const count = await eachCanonicalRow(source, async (_index, row) => {
    const leaf = merkleLeaf(row, sha256)
    tree.addLeaf(leaf)
    if (!out.write(`${toHex(leaf)}\n`)) await new Promise((resolve) => out.once('drain', resolve))
  })
  out.end()
  await storing
  return { key, root: count > 0 ? toHex(tree.root()) : '', count }
}

export type RetentionOutcome = { promotionId: number; action: RetentionDecision['action'] | 'done-before' | 'draw-open'; certificateFile?: string }

/**
 * Deletes one promotion's entrants' data if its records period is over and it is not held.
 * The leaf files and the certificate are written first; one transaction then points every record
 * at them and records the deletion; the original files are removed only after it commits.
 */
export async function deletePromotionEntrantData(deps: RetentionDeps, promotionId: number, now: Date): Promise<RetentionOutcome> {
  const db = deps.database.db
  if (await findRetentionDeletion(db, promotionId)) return { promotionId, action: 'done-before' }
  const decision = await retentionStatus(db, promotionId, now)
  if (decision.action !== 'delete') return { promotionId, action: decision.action }
  const promotion = (await findPromotion(db, STAFF, promotionId))!

  // Outside the transaction (files and a print can be slow): the leaf hashes of every entries file.
  const before = await findDrawsForRetention(db, promotionId)
  // A draw still to run needs its entries: staff run or cancel it first (the job logs it daily).
  if (before.some(({ draw, result }) => draw.entriesKey && !result && !draw.cancelledAt)) {
    deps.logger.warn('entrant data kept: a draw of the promotion has not run', { promotionId })
    return { promotionId, action: 'draw-open' }
  }
  const leaves = new Map<number, string>()
  for (const { draw } of before) {
    if (!draw.entriesKey) continue
    const written = await writeLeaves(deps, draw.entriesKey, draw.publicId)
    // The kept hashes must give the root published at the commit, or they would prove nothing.
    if (draw.entriesRoot && written.root !== draw.entriesRoot) throw new Error(`draw ${draw.publicId}: leaf hashes do not give the published entries root`)
    leaves.set(draw.id, written.key)
  }
  const winnerLeaves: Record<number, { position: number; reserve: boolean; leaf: string }[]> = {}
  const selectionsOf = (selections: DrawSelection[]) =>
    selections.map((s) => (s.entry.startsWith('leaf:') ? s : { ...s, entry: `leaf:${toHex(merkleLeaf(s.entry, sha256))}` }))
  const attachments = (promotion.attachments ?? []) as Record<string, any>[]
  const doomed = attachments.filter((a) => ENTRANT_ATTACHMENT_CODES.has(a?.attachmentType?.code) && typeof a.fileName === 'string')

  const deletedAt = now
  const duty = decision.duty
  const details: RetentionDetails = {
    draws: [],
    attachments: doomed.map((a) => ({ code: a.attachmentType.code as string, userFileName: (a.userFileName as string | undefined) ?? null })),
    collectedEntries: null,
    source: duty.source ? { title: duty.source.title, url: duty.source.url, dateRead: duty.source.dateRead, verified: duty.source.verified } : null,
    rule: duty.rule,
  }

  const removed = await db.transaction(async (tx) => {
    // Locked: a draw run or another process's deletion waits, then finds the state it must.
    const locked = await findDrawsForRetention(tx, promotionId)
    if (await findRetentionDeletion(tx, promotionId)) return null
    if (locked.some(({ draw, result }) => (draw.entriesKey && !leaves.has(draw.id)) || (draw.entriesKey && !result && !draw.cancelledAt)))
      throw new Error(`promotion ${promotionId}: a draw got entries while its data was being deleted`)
    for (const { draw, result } of locked)
      if (result) winnerLeaves[draw.id] = selectionsOf(result.selections).map((s) => ({ position: s.position, reserve: s.reserve, leaf: s.entry.slice(5) }))
    details.draws = locked.map(({ draw, result }) => ({
      drawId: draw.id,
      publicId: draw.publicId,
      entryCount: draw.entryCount,
      entriesHash: draw.entriesHash,
      entriesRoot: draw.entriesRoot,
      leavesFile: leaves.get(draw.id) ?? null,
      winners: result?.selections.length ?? 0,
    }))
    if (deps.deleteCollectedEntries) details.collectedEntries = await deps.deleteCollectedEntries(tx, promotionId)
    const certificate = await storeCertificate(deps, tx, {
      promotion,
      deletedAt,
      keepUntil: decision.keepUntil,
      ruleSetId: decision.ruleSetId!,
      details,
      winnerLeaves,
    })
    for (const { draw, result } of locked) {
      if (draw.entriesKey) await clearDrawEntries(tx, draw.id)
      if (result) await replaceDrawSelections(tx, draw.id, selectionsOf(result.selections))
    }
    if (doomed.length) {
      await setAttachmentsForRetention(
        tx,
        promotionId,
        attachments.filter((a) => !doomed.includes(a)),
      )
      await deleteUploadRows(
        tx,
        doomed.map((a) => a.fileName as string),
      )
    }
    await insertRetentionDeletion(tx, {
      promotionId,
      ruleSetId: decision.ruleSetId!,
      ruleKey: duty.ruleKey,
      keepUntil: decision.keepUntil,
      deletedAt,
      certificateFile: certificate,
      details,
    })
    await closeRecordsDuty(tx, {
      promotionId,
      code: KEEP_RECORDS_CODE,
      reference: certificate,
      label: 'Deletion certificate.pdf',
      note: 'Entrants\u2019 personal data deleted when the records period ended.',
    })
    await insertChange(tx, {
      promotionId,
      userId: null,
      entity: 'promotion',
      entityId: promotionId,
      action: 'delete-entrant-data',
      changes: { entrantData: { from: `kept until ${decision.keepUntil}`, to: `deleted; certificate ${certificate}` } },
    })
    return {
      certificate,
      keys: locked.flatMap(({ draw }) => (draw.entriesKey ? [draw.entriesKey, rowIndexKey(draw.entriesKey), valueIndexKey(draw.entriesKey)] : [])),
    }
  })
  if (!removed) return { promotionId, action: 'done-before' }
  // After the commit: the records no longer name these files. A crash here leaves orphans, never a dangling record.
  for (const key of [...removed.keys, ...doomed.map((a) => `uploads/${a.fileName}`)]) await deps.storage.delete(key).catch(() => {})
  // Entrants' receipt files (issue 27): their rows went with the entries' personal data.
  if (deps.deleteCollectedEntries && deps.storage.list)
    for (const key of await deps.storage.list(entryFilesPrefix(promotionId))) await deps.storage.delete(key).catch(() => {})
  deps.logger.info('entrant data deleted', { promotionId, draws: details.draws.length, attachments: doomed.length })
  return { promotionId, action: 'delete', certificateFile: removed.certificate }
}

async function storeCertificate(
  deps: RetentionDeps,
  tx: DbOrTx,
  input: {
    promotion: { id: number; name: string; userId: number }
    deletedAt: Date
    keepUntil: string
    ruleSetId: string
    details: RetentionDetails
    winnerLeaves: Record<number, { position: number; reserve: boolean; leaf: string }[]>
  },
): Promise<string> {
  const html = renderDeletionCertificate({ ...input, letterhead: letterheadOf(deps.config.DATA_DIR), publicUrl: deps.config.PUBLIC_URL })
  const pdf = await deps.pdf().render(html, { priority: 'background' })
  const serverFileName = `${crypto.randomUUID()}.pdf`
  await deps.storage.put(`uploads/${serverFileName}`, pdf)
  await insertUpload(tx as Parameters<typeof insertUpload>[0], {
    userId: input.promotion.userId,
    serverFileName,
    headerFileName: `deletion-certificate-${input.promotion.id}.pdf`,
    fileExtension: 'pdf',
    mimeType: 'application/pdf',
    sizeBytes: pdf.length,
  })
  return serverFileName
}

/** The daily run: every promotion still holding entrants' data whose records period is over. */
export async function runRetention(deps: RetentionDeps, now: Date = new Date()): Promise<RetentionOutcome[]> {
  const outcomes: RetentionOutcome[] = []
  for (const promotionId of await findRetentionCandidates(deps.database.db)) {
    try {
      outcomes.push(await deletePromotionEntrantData(deps, promotionId, now))
    } catch (error) {
      // One promotion's failure (a missing file) must not stop the others; the next run retries it.
      deps.logger.error('entrant data not deleted', { promotionId, error: error instanceof Error ? error.message : String(error) })
    }
  }
  return outcomes
}
