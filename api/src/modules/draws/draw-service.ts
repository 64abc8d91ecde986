/**
 * The draw use cases (issue 15, DESIGN.md §5a): create, commit, run, redraw, get, public, lookup.
 * Entries uploads are in upload-entries.ts. Each takes its dependencies explicitly.
 */
import crypto from 'node:crypto'
import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import {
  AppError,
  canonicalField,
  DRAW_ALGORITHM,
  MSG_DRAW_ALREADY_COMMITTED,
  MSG_DRAW_CHAIN_OPEN,
  MSG_DRAW_COMMITTED,
  MSG_DRAW_COUNT_RANGE,
  MSG_DRAW_NO_ENTRIES_YET,
  MSG_DRAW_NO_SERVICE,
  MSG_DRAW_NOT_COMMITTED,
  MSG_DRAW_ENTRIES_DELETED,
  MSG_DRAW_NOT_RUN,
  MSG_DRAW_SCRUTINEER_REQUIRED,
  parseCanonicalRow,
  maskEntry,
  maskField,
  rootIndexOf,
  drawInstant,
  winnerPublicationsOf,
  MSG_DRAW_SCHEDULE_NEEDS_DATE,
  MSG_DRAW_PRIZE_VALUES,
  selectIndexes,
  merkleLeaf,
  toHex,
  type ProofStep,
  formatDateTime,
  msgDrawTooEarly,
  MSG_DRAW_EARLY_REASON_REQUIRED,
  MSG_DRAW_CANCELLED,
  MSG_DRAW_RUN_CANNOT_CANCEL,
  MSG_DRAW_RUN_AT_INVALID,
  type MaskRule,
  type WinnerPublication,
} from '@permitdesk/shared'
import { publishEvent } from '../../events/events'
import type { AppDeps } from '../../deps'
import type { DrawRow, DrawSelection } from '../../db/schema/draws'
import { findPromotion } from '../promotions/promotions.repository'
import { requireServicePaid } from '../payments/require-service-paid'
import { eachCanonicalRow } from './canonical-file'
import { ROW_BLOCK } from './ingest-entries'
import { loadRowIndex, RowIndexBuilder, ROW_INDEX_EVERY } from './row-index'
import * as repo from './draws.repository'
import { decryptSeed, encryptSeed } from './seed-crypto'
import { toOwnerDraw, toPublicDraw, winnersPathOf } from './draw-view'
import { attachDrawDocuments } from './attach-draw-documents'
import { ensureCertificate } from './certificate'
import { proofWorkerPool } from './proof-index-job'
import { putStream } from '../../storage/storage'
import { blockRowsOf, candidateRows, entriesRootAtCommit, loadTopLevels, proofOf, PROOF_BLOCK } from './proof-index'

export type DrawDeps = Pick<AppDeps, 'database' | 'storage' | 'mailer' | 'config' | 'logger'> & Partial<Pick<AppDeps, 'pdf'>>

/**
 * The certificate of the record's new state is printed in the background after a run or a cancel
 * (issue 23), so a request finds it stored; without the PDF service the first request prints it.
 */
function refreshCertificate(deps: DrawDeps, publicId: string) {
  const pdf = deps.pdf
  if (!pdf) return
  void getPublicDraw(deps, publicId)
    .then((view) => ensureCertificate({ ...deps, pdf }, view, 'customer'))
    .catch((error: unknown) => deps.logger.error('draw certificate not printed', { publicId, error: String(error) }))
}
export type Owner = repo.Owner

const NEWLINE = Buffer.from('\n')
const nodeHmac = (key: Uint8Array, message: Uint8Array) => crypto.createHmac('sha256', key).update(message).digest()

function countRange(message = MSG_DRAW_COUNT_RANGE) {
  return new AppError('VALIDATION', message, { modelState: { winners: [message] } })
}

export async function requireDraw(deps: DrawDeps, owner: Owner, id: number): Promise<DrawRow> {
  const draw = await repo.findDrawFor(deps.database.db, owner, id)
  if (!draw) throw new AppError('NOT_FOUND')
  return draw
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null
}

function addressText(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null
  const a = value as Record<string, unknown>
  return [a.lineOne, a.lineTwo, a.suburb, a.state, a.postcode].map(text).filter(Boolean).join(', ') || null
}

export type CreateDrawInput = {
  promotionId: number
  title?: string | undefined
  winners?: number | undefined
  reserves?: number | undefined
  maskRule?: MaskRule | undefined
  schedule?: boolean | undefined
  /** Cents per winner position (null: not known). */
  prizeValues?: (number | null)[] | undefined
  /** Sydney date and time the draw may run from, when the application gives none. */
  runDate?: string | undefined
  runTime?: string | undefined
}

/**
 * The scheduled time of a draw (issue 23): the application's draw date and time (Sydney), else
 * the date and time given when the draw is created, else the creation itself. Never null, so the
 * record always says from when the draw could run.
 */
function scheduledTime(
  application: { date?: unknown; time?: unknown },
  input: { runDate?: string | undefined; runTime?: string | undefined },
  now: Date,
): Date {
  const fromApplication = drawInstant(text(application.date), text(application.time) ?? '00:00')
  if (fromApplication) return fromApplication
  if (input.runDate) {
    const given = drawInstant(input.runDate, input.runTime ?? '00:00')
    if (!given) throw new AppError('VALIDATION', MSG_DRAW_RUN_AT_INVALID, { modelState: { runDate: [MSG_DRAW_RUN_AT_INVALID] } })
    return given
  }
  return now
}

/** A cancelled draw is kept as it is: nothing may change it. */
export function requireNotCancelled(draw: DrawRow) {
  if (draw.cancelledAt) throw new AppError('CONFLICT', MSG_DRAW_CANCELLED)
}

/** At most one prize value per winner position. */
function checkPrizeValues(prizeValues: (number | null)[] | undefined, winners: number): (number | null)[] {
  if (!prizeValues) return []
  if (prizeValues.length > winners) throw new AppError('VALIDATION', MSG_DRAW_PRIZE_VALUES, { modelState: { prizeValues: [MSG_DRAW_PRIZE_VALUES] } })
  return prizeValues
}

/** POST /api/draw/create: defaults from the application (final draw date, time and place; prize count). */
export async function createDraw(deps: DrawDeps, owner: Owner, input: CreateDrawInput) {
  // Entries are uploaded next: the proof index's workers start meanwhile, on their own threads.
  proofWorkerPool.warm()
  const promotion = await findPromotion(deps.database.db, owner, input.promotionId)
  if (!promotion) throw new AppError('NOT_FOUND')
  if (!promotion.randomDraw) throw new AppError('CONFLICT', MSG_DRAW_NO_SERVICE)
  const permit = (promotion.permit ?? {}) as Record<string, any>
  const details = (promotion.details ?? {}) as Record<string, any>
  const applicant = (promotion.applicant ?? permit.applicant ?? {}) as Record<string, any>
  const finalDraw = (permit.finalDraw ?? {}) as Record<string, any>
  const fromApplication = drawInstant(text(finalDraw.date), text(finalDraw.time) ?? '00:00')
  if (input.schedule && !fromApplication)
    throw new AppError('VALIDATION', MSG_DRAW_SCHEDULE_NEEDS_DATE, { modelState: { schedule: [MSG_DRAW_SCHEDULE_NEEDS_DATE] } })
  const runAt = scheduledTime(finalDraw, input, new Date())
  const commitAt = input.schedule ? (drawInstant(text(permit.endDate), text(permit.endTime) ?? '23:59') ?? runAt) : null
  const prizeCount = Number.isInteger(details.prizeQuantityTotal) && details.prizeQuantityTotal > 0 ? details.prizeQuantityTotal : 1
  const prizeValues = checkPrizeValues(input.prizeValues, input.winners ?? prizeCount)
  const draw = await repo.insertDraw(deps.database.db, {
    publicId: crypto.randomBytes(9).toString('base64url'),
    promotionId: promotion.id,
    userId: promotion.userId,
    title: input.title?.trim() || `${promotion.name || 'Untitled promotion'}: final draw`,
    promotionName: promotion.name || 'Untitled promotion',
    promoterName: text(applicant.organisation) ?? text(applicant.tradingName) ?? (await repo.accountNameOf(deps.database.db, promotion.userId)),
    winners: input.winners ?? prizeCount,
    reserves: input.reserves ?? 0,
    prizeValues,
    maskRule: input.maskRule ?? 'standard',
    drawDate: text(finalDraw.date),
    drawTime: text(finalDraw.time),
    drawLocation: [text(finalDraw.locationOrganisation), addressText(finalDraw.locationAddress)].filter(Boolean).join(', ') || null,
    scrutineerRequired: permit.scrutineerRequired === true,
    scrutineerName: text(permit.scrutineerName),
    scheduled: Boolean(input.schedule),
    commitAt,
    runAt,
  })
  return {
    id: draw.id,
    publicId: draw.publicId,
    title: draw.title,
    winners: draw.winners,
    reserves: draw.reserves,
    drawDate: draw.drawDate,
    drawTime: draw.drawTime,
    drawLocation: draw.drawLocation,
    runAt: draw.runAt?.toISOString() ?? null,
  }
}

/**
 * POST /api/draw/commit: freezes the entries, draws a 32-byte seed (stored encrypted) and mails the
 * commit to the owner. No certificate is printed here: it is printed when the draw runs (issue 23),
 * and one asked for before that is printed then. (Printing at the commit loaded the PDF module,
 * 0.2-1 s of this thread once per process, which was most of the commit's time.)
 */
export async function commitDraw(deps: DrawDeps, owner: Owner, id: number) {
  const draw = await requireDraw(deps, owner, id)
  requireNotCancelled(draw)
  if (draw.committedAt) throw new AppError('CONFLICT', MSG_DRAW_ALREADY_COMMITTED)
  if (!draw.entriesHash || !draw.entryCount) throw new AppError('VALIDATION', MSG_DRAW_NO_ENTRIES_YET, { modelState: { file: [MSG_DRAW_NO_ENTRIES_YET] } })
  if (draw.winners + draw.reserves > draw.entryCount) throw countRange()
  // The Merkle root published with the commit, from the index the upload built (else one pass now).
  const { entriesRoot } = await entriesRootAtCommit(deps.storage, draw.entriesKey!)
  const seed = crypto.randomBytes(32)
  const key = await repo.getSeedKey(deps.database.db)
  const committed = await repo.commitDraw(
    deps.database.db,
    draw.id,
    { seedEncrypted: encryptSeed(key, seed, draw.id), seedHash: crypto.createHash('sha256').update(seed).digest('hex'), entriesRoot },
    draw.entriesKey!,
  )
  seed.fill(0)
  if (!committed) {
    const now = await repo.findDraw(deps.database.db, draw.id)
    if (now) requireNotCancelled(now)
    throw new AppError('CONFLICT', now?.entriesKey === draw.entriesKey ? MSG_DRAW_ALREADY_COMMITTED : MSG_DRAW_COMMITTED)
  }
  const answer = {
    entryCount: committed.entryCount!,
    entriesHash: committed.entriesHash!,
    entriesRoot: committed.entriesRoot!,
    seedHash: committed.seedHash!,
    committedAt: committed.committedAt!.toISOString(),
  }
  await mailCommit(deps, committed, answer).catch((error: unknown) => deps.logger.error('draw commit mail failed', { drawId: draw.id, error: String(error) }))
  return answer
}

async function mailCommit(
  deps: DrawDeps,
  draw: DrawRow,
  commit: { entryCount: number; entriesHash: string; entriesRoot: string; seedHash: string; committedAt: string },
) {
  const to = await repo.emailOf(deps.database.db, draw.userId)
  if (!to) return
  const url = `${deps.config.PUBLIC_URL}/draws/${draw.publicId}/`
  const lines = [
    `The entries of "${draw.title}" (${draw.promotionName}) are committed. Nothing about them can change before the draw.`,
    '',
    `Algorithm: ${DRAW_ALGORITHM}`,
    `Entries: ${commit.entryCount}`,
    `Entries hash (SHA-256): ${commit.entriesHash}`,
    `Entries root (Merkle): ${commit.entriesRoot}`,
    `Seed hash (SHA-256): ${commit.seedHash}`,
    `Committed: ${formatDateTime(commit.committedAt)}`,
    '',
    `Keep this e-mail: it proves what was fixed before the draw. The public record: ${url}`,
  ]
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  await deps.mailer.send({
    to,
    subject: `Draw committed: ${draw.title}`,
    text: lines.join('\n'),
    html: `<p>${lines.map(escape).join('<br>')}</p>`,
  })
}

/**
 * The text of the selected rows. With a row index (every 256th row's offset, beside the file) and
 * a storage that reads a byte range, only the few KB holding each selected row are read; with
 * the older 64K-row offsets, their blocks; otherwise one pass over the file.
 */
async function rowsAt(deps: DrawDeps, draw: Pick<DrawRow, 'entriesKey' | 'rowOffsets' | 'rowIndexEvery'>, indexes: number[]): Promise<Map<number, string>> {
  const key = draw.entriesKey!
  const wanted = new Map(indexes.map((i) => [i, '']))
  let every = 0
  let offsets: readonly number[] = []
  if (deps.storage.getFrom) {
    const fine = draw.rowIndexEvery ? await loadRowIndex(deps.storage, key) : undefined
    if (fine && draw.rowIndexEvery) [every, offsets] = [draw.rowIndexEvery, fine]
    else if (draw.rowOffsets.length > 0) [every, offsets] = [ROW_BLOCK, draw.rowOffsets]
  }
  const blocks = new Map<number, number[]>()
  for (const index of indexes) {
    const block = every ? Math.floor(index / every) : 0
    const list = blocks.get(block)
    if (list) list.push(index)
    else blocks.set(block, [index])
  }
  // The blocks are read side by side, at most 16 at once (a draw may select many thousands).
  const queue = [...blocks]
  const readBlock = async ([block, inBlock]: [number, number[]]) => {
    const first = every ? block * every : 0
    const end = every && block + 1 < offsets.length ? offsets[block + 1]! - 1 : undefined
    const stream = every ? await deps.storage.getFrom!(key, offsets[block]!, end) : await deps.storage.get(key)
    if (!stream) throw new Error(`draw entries missing: ${key}`)
    let left = new Set(inBlock).size
    const last = inBlock.reduce((a, b) => Math.max(a, b), 0)
    await eachCanonicalRow(
      stream,
      (index, row) => {
        const at = index + first
        if (wanted.has(at) && wanted.get(at) === '') {
          wanted.set(at, row.toString('utf8'))
          left -= 1
        }
        if (left === 0 || at >= last) return false
      },
      { wanted: (index) => wanted.has(index + first) },
    )
    stream.destroy()
  }
  await Promise.all(
    Array.from({ length: Math.min(16, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await readBlock(next)
    }),
  )
  return wanted
}

/**
 * POST /api/draw/run: selects with the committed seed, records the result (one per draw, by the
 * primary key) and reveals the seed. Running again answers the recorded result.
 */
export async function runDraw(
  deps: DrawDeps,
  owner: Owner,
  id: number,
  {
    scrutineerName,
    actorId,
    earlyRunReason,
    now = new Date(),
    afterAnswer = (work) => work(),
  }: {
    scrutineerName?: string | undefined
    actorId?: number | null
    earlyRunReason?: string | undefined
    now?: Date
    /** Runs the certificate's print once the answer is sent (the route passes it): the first print of a process loads the PDF module. */
    afterAnswer?: (work: () => void) => void
  } = {},
) {
  const draw = await requireDraw(deps, owner, id)
  await requireServicePaid(deps.database.db, draw.promotionId, 'draw') // issue 22: a draw runs once it is paid
  const existing = await repo.findResult(deps.database.db, draw.id)
  if (existing) return runAnswer(existing)
  requireNotCancelled(draw)
  if (!draw.committedAt || !draw.seedEncrypted) throw new AppError('CONFLICT', MSG_DRAW_NOT_COMMITTED)
  // Issue 23: no draw runs before its scheduled time; only staff may, with a reason made public.
  let early: string | null = null
  if (draw.runAt && now < draw.runAt) {
    if (!owner.isStaff) throw new AppError('CONFLICT', msgDrawTooEarly(formatDateTime(draw.runAt)))
    early = earlyRunReason?.trim() || null
    if (!early) throw new AppError('VALIDATION', MSG_DRAW_EARLY_REASON_REQUIRED, { modelState: { earlyRunReason: [MSG_DRAW_EARLY_REASON_REQUIRED] } })
  }
  const count = draw.winners + draw.reserves
  if (count < 1 || count > draw.entryCount!) throw countRange()
  const scrutineer = scrutineerName?.trim() || draw.scrutineerName
  if (draw.scrutineerRequired && !scrutineer)
    throw new AppError('VALIDATION', MSG_DRAW_SCRUTINEER_REQUIRED, { modelState: { scrutineerName: [MSG_DRAW_SCRUTINEER_REQUIRED] } })
  const seed = decryptSeed(await repo.getSeedKey(deps.database.db), draw.seedEncrypted, draw.id)
  const selected = await selectIndexes({ seed, entriesHash: draw.entriesHash!, entryCount: draw.entryCount!, count, hmac: nodeHmac })
  const text = await rowsAt(deps, draw, selected)
  const excluded = [...draw.excludedRootIndexes].sort((a, b) => a - b)
  const selections: DrawSelection[] = selected.map((entryIndex, i) => ({
    position: i < draw.winners ? i + 1 : i - draw.winners + 1,
    reserve: i >= draw.winners,
    entryIndex,
    rootIndex: rootIndexOf(entryIndex, excluded),
    entry: text.get(entryIndex) ?? '',
  }))
  const promotion = await repo.findPromotionRow(deps.database.db, draw.promotionId)
  let due: WinnerPublication[] = []
  const recording = await repo.recordResult(
    deps.database.db,
    {
      drawId: draw.id,
      seedHex: seed.toString('hex'),
      selections,
      ranByUserId: actorId ?? null,
      scrutineerName: scrutineer ?? null,
      earlyRunReason: early,
    },
    // Issue 31: the publications and the `draw.run` event (the owner's result mail) commit with the
    // result, so a crash after the commit loses neither, and the mail finds the winners page it links.
    async (tx, recorded) => {
      due = winnerPublicationsFor(promotion, draw, recorded.ranAt)
      if (due.length > 0)
        await repo.setWinnerPublications(
          tx,
          draw.id,
          due.map((p) => ({ state: p.state, publishAt: p.publishAt.toISOString(), publishedAt: null, positions: p.positions })),
        )
      await publishEvent(tx, 'draw.run', { drawId: draw.id })
    },
  )
  seed.fill(0)
  if (recording === 'cancelled') throw new AppError('CONFLICT', MSG_DRAW_CANCELLED)
  const { result, recorded } = recording
  // Only the call that recorded the result attaches the addenda documents (V or W, and X).
  if (recorded) {
    // The lists are copied after the answer (the entries list can be hundreds of MB): the run is not held up by it.
    void attachDrawDocuments(deps, draw, result).catch((error: unknown) =>
      deps.logger.error('draw documents not attached', { drawId: draw.id, error: String(error) }),
    )
    await announceWinnerPublication(deps, draw, due, result.ranAt).catch((error: unknown) =>
      deps.logger.error('winner publication not announced', { drawId: draw.id, error: String(error) }),
    )
    afterAnswer(() => refreshCertificate(deps, draw.publicId))
  }
  return runAnswer(result)
}

/**
 * The owner is told the result of every run (a scheduled draw runs with nobody at a keyboard): the
 * `draw.run` subscriber (api/src/jobs/draw-result-mail.ts) re-reads the draw and its result.
 */
export async function mailDrawResult(deps: Pick<DrawDeps, 'database' | 'mailer' | 'config'>, drawId: number) {
  const draw = await repo.findDraw(deps.database.db, drawId)
  const result = draw && (await repo.findResult(deps.database.db, draw.id))
  if (!draw || !result) return
  const to = await repo.emailOf(deps.database.db, draw.userId)
  if (!to) return
  const winnersPage = winnersPathOf(draw, result)
  const rule = draw.maskRule as MaskRule
  const shown = (s: DrawSelection) =>
    `${s.reserve ? 'Reserve' : 'Prize'} ${s.position}: entry ${s.entryIndex + 1}, ${maskEntry(parseCanonicalRow(s.entry), rule) || 'hidden'}`
  const lines = [
    `"${draw.title}" (${draw.promotionName}) was drawn on ${formatDateTime(result.ranAt)}.`,
    ...(result.earlyRunReason ? [`It ran before its scheduled time (${formatDateTime(draw.runAt)}) because: ${result.earlyRunReason}`] : []),
    '',
    ...result.selections.map(shown),
    '',
    `The full result (names in full) is on the draw screen. The public record: ${deps.config.PUBLIC_URL}/draws/${draw.publicId}/`,
    ...(winnersPage ? [`The winners page: ${new URL(winnersPage, deps.config.PUBLIC_URL).toString()}`] : []),
  ]
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  await deps.mailer.send({ to, subject: `Draw result: ${draw.title}`, text: lines.join('\n'), html: `<p>${lines.map(escape).join('<br>')}</p>` })
}

/**
 * POST /api/draw/cancel: a draw that has not run is cancelled with a reason; it stays on every
 * record of the promotion. A run draw keeps its result (unclaimed prizes go to a redraw).
 */
export async function cancelDraw(deps: DrawDeps, owner: Owner, id: number, reason: string) {
  const draw = await requireDraw(deps, owner, id)
  requireNotCancelled(draw)
  if (await repo.findResult(deps.database.db, draw.id)) throw new AppError('CONFLICT', MSG_DRAW_RUN_CANNOT_CANCEL)
  const cancelled = await repo.cancelDraw(deps.database.db, draw.id, reason.trim())
  // A run recorded meanwhile wins: the cancel's WHERE refuses a draw with a result.
  if (!cancelled) throw new AppError('CONFLICT', MSG_DRAW_RUN_CANNOT_CANCEL)
  refreshCertificate(deps, draw.publicId)
  return { cancelledAt: cancelled.cancelledAt!.toISOString(), cancelReason: cancelled.cancelReason! }
}

function runAnswer(result: { seedHex: string; selections: DrawSelection[]; ranAt: Date; scrutineerName: string | null; earlyRunReason?: string | null }) {
  const view = (s: DrawSelection) => ({ position: s.position, entryIndex: s.entryIndex, entry: s.entry })
  return {
    seed: result.seedHex,
    ranAt: result.ranAt.toISOString(),
    scrutineerName: result.scrutineerName,
    earlyRunReason: result.earlyRunReason ?? null,
    winners: result.selections.filter((s) => !s.reserve).map(view),
    reserves: result.selections.filter((s) => s.reserve).map(view),
  }
}

/**
 * POST /api/draw/redraw: a new draw linked to its parent over the chain's original entries minus
 * every earlier winner of the chain (original order kept), with its own commit and run.
 */
export async function redrawDraw(
  deps: DrawDeps,
  owner: Owner,
  input: {
    id: number
    winners: number
    reserves: number
    title?: string | undefined
    prizeValues?: (number | null)[] | undefined
    runDate?: string | undefined
    runTime?: string | undefined
  },
) {
  const prizeValues = checkPrizeValues(input.prizeValues, input.winners)
  const parent = await requireDraw(deps, owner, input.id)
  const rootId = parent.rootId ?? parent.id
  const chain = await repo.findChain(deps.database.db, rootId)
  const root = chain[0]!.draw
  if (!chain.find((c) => c.draw.id === parent.id)?.result) throw new AppError('CONFLICT', MSG_DRAW_NOT_RUN)
  // A cancelled redraw is closed: it does not hold the chain open.
  if (chain.some((c) => !c.result && !c.draw.cancelledAt)) throw new AppError('CONFLICT', MSG_DRAW_CHAIN_OPEN)
  // The redraw of unclaimed prizes runs from the application's unclaimed draw time.
  const promotionRow = await repo.findPromotionRow(deps.database.db, root.promotionId)
  const unclaimed = ((promotionRow?.permit ?? {}) as Record<string, any>).unclaimedDraw ?? {}
  const runAt = scheduledTime(unclaimed, input, new Date())
  const excluded = [...new Set(chain.flatMap((c) => c.result!.selections.filter((s) => !s.reserve).map((s) => s.rootIndex)))].sort((a, b) => a - b)
  const remaining = root.entryCount! - excluded.length
  if (input.winners + input.reserves > remaining) throw countRange()

  // Issue #30: after the records period only the entries' hashes are kept; nothing to redraw from.
  if (!root.entriesKey) throw new AppError('CONFLICT', MSG_DRAW_ENTRIES_DELETED)
  // The redraw's own canonical entries: the root's rows minus the excluded ones, streamed.
  const source = await deps.storage.get(root.entriesKey!)
  if (!source) throw new Error(`draw entries missing: ${root.entriesKey}`)
  const skip = new Set(excluded)
  const hash = crypto.createHash('sha256')
  let count = 0
  let written = 0
  const rowOffsets: number[] = []
  const rowIndex = new RowIndexBuilder()
  const output = new PassThrough()
  let batch: Buffer[] = []
  let size = 0
  const flush = async () => {
    const bytes = Buffer.concat(batch)
    batch = []
    size = 0
    hash.update(bytes)
    if (!output.write(bytes)) await once(output, 'drain')
  }
  const key = `draws/entries/${crypto.randomUUID()}.csv`
  const storing = putStream(deps.storage, key, output)
  try {
    await eachCanonicalRow(source, (index, row) => {
      if (skip.has(index)) return
      rowIndex.row(written)
      if (count % ROW_BLOCK === 0) rowOffsets.push(written)
      batch.push(Buffer.from(row), NEWLINE)
      size += row.length + 1
      written += row.length + 1
      count += 1
      if (size >= 65_536) return flush()
    })
    await flush()
    output.end()
  } catch (error) {
    output.destroy(error as Error)
    await storing.catch(() => {})
    throw error
  }
  const bytes = await storing
  await rowIndex.save(deps.storage, key)
  const draw = await repo.insertDraw(deps.database.db, {
    publicId: crypto.randomBytes(9).toString('base64url'),
    promotionId: root.promotionId,
    userId: root.userId,
    parentId: parent.id,
    rootId,
    title: input.title?.trim() || `${root.title}: redraw ${chain.length}`,
    promotionName: root.promotionName,
    promoterName: root.promoterName,
    winners: input.winners,
    reserves: input.reserves,
    prizeValues,
    maskRule: root.maskRule,
    drawDate: null,
    drawTime: null,
    runAt,
    drawLocation: root.drawLocation,
    scrutineerRequired: root.scrutineerRequired,
    scrutineerName: root.scrutineerName,
    entriesKey: key,
    entryCount: count,
    entriesHash: hash.digest('hex'),
    entriesBytes: bytes,
    header: root.header,
    sourceFileName: root.sourceFileName,
    excludedRootIndexes: excluded,
    rowOffsets,
    rowIndexEvery: ROW_INDEX_EVERY,
  })
  return { id: draw.id, publicId: draw.publicId, parentId: parent.id, entryCount: count, entriesHash: draw.entriesHash!, excludedRootIndexes: excluded }
}

export async function getDraw(deps: DrawDeps, owner: Owner, id: number) {
  const draw = await requireDraw(deps, owner, id)
  const chain = await repo.findChain(deps.database.db, draw.rootId ?? draw.id)
  const promotionDraws = await repo.findPromotionDrawsWithResults(deps.database.db, draw.promotionId)
  return toOwnerDraw(draw, chain.find((c) => c.draw.id === draw.id)?.result, chain, promotionDraws)
}

export async function listDraws(deps: DrawDeps, owner: Owner, promotionId: number) {
  const promotion = await findPromotion(deps.database.db, owner, promotionId)
  if (!promotion) throw new AppError('NOT_FOUND')
  const rows = await repo.findDrawsOfPromotion(deps.database.db, promotionId)
  return Promise.all(rows.map((row) => getDraw(deps, owner, row.id)))
}

export async function getPublicDraw(deps: Pick<DrawDeps, 'database'>, publicId: string) {
  const draw = await repo.findDrawByPublicId(deps.database.db, publicId)
  if (!draw) throw new AppError('NOT_FOUND')
  await requireServicePaid(deps.database.db, draw.promotionId, 'draw') // issue 22: the public result and certificate wait for the payment
  const chain = await repo.findChain(deps.database.db, draw.rootId ?? draw.id)
  const promotionDraws = await repo.findPromotionDrawsWithResults(deps.database.db, draw.promotionId)
  return toPublicDraw(draw, chain.find((c) => c.draw.id === draw.id)?.result, chain, promotionDraws)
}

/**
 * GET /api/draw/lookup: whether an entry with exactly this value in one of its columns is in the
 * committed list, at which indexes, and for each its Merkle path to the published entries root
 * (issue 23). It reads the value table, then only the block of rows each proof needs. The answer
 * holds the leaf hash and the masked entry, never the row. Before the commit nothing is told.
 */
export async function lookupEntry(deps: DrawDeps, publicId: string, value: string) {
  const draw = await repo.findDrawByPublicId(deps.database.db, publicId)
  if (!draw) throw new AppError('NOT_FOUND')
  const none = { found: false, entryIndexes: [] as number[], proofs: [] as EntryProof[] }
  if (!draw.committedAt || !draw.entriesKey) return none
  const wanted = value.trim()
  const candidates = draw.entriesRoot ? await candidateRows(deps.storage, draw.entriesKey, wanted) : undefined
  const levels = candidates ? await loadTopLevels(deps.storage, draw.entriesKey) : undefined
  if (!candidates || !levels) return { ...(await scanEntries(deps, draw.entriesKey, wanted)), proofs: [] as EntryProof[] }
  const found = { found: false, entryIndexes: [] as number[], proofs: [] as EntryProof[] }
  const blocks = new Map<number, Buffer[] | undefined>()
  for (const index of [...new Set(candidates)].sort((a, b) => a - b)) {
    const block = Math.floor(index / PROOF_BLOCK)
    if (!blocks.has(block)) blocks.set(block, await blockRowsOf(deps.storage, draw.entriesKey, block))
    const rows = blocks.get(block)
    const row = rows?.[index - block * PROOF_BLOCK]
    // The table is keyed by a hash: the row itself decides.
    if (!rows || !row || !parseCanonicalRow(row.toString('utf8')).includes(wanted)) continue
    found.entryIndexes.push(index)
    found.proofs.push({
      entryIndex: index,
      leaf: toHex(merkleLeaf(row, (data) => crypto.createHash('sha256').update(data).digest())),
      entry: maskEntry(parseCanonicalRow(row.toString('utf8')), draw.maskRule as MaskRule),
      proof: proofOf(levels, index, rows),
    })
    if (found.entryIndexes.length >= 20) break
  }
  found.found = found.entryIndexes.length > 0
  return found
}

export type EntryProof = { entryIndex: number; leaf: string; entry: string; proof: ProofStep[] }

/** Draws committed before entries roots existed: one pass over the file, no proofs. */
async function scanEntries(deps: DrawDeps, entriesKey: string, wanted: string) {
  const needle = Buffer.from(canonicalField(wanted) === wanted ? wanted : wanted.replace(/"/g, '""'), 'utf8')
  const stream = await deps.storage.get(entriesKey)
  if (!stream) throw new Error(`draw entries missing: ${entriesKey}`)
  const indexes: number[] = []
  await eachCanonicalRow(stream, (index, row) => {
    if (row.indexOf(needle) < 0) return
    if (parseCanonicalRow(row.toString('utf8')).includes(wanted)) indexes.push(index)
    if (indexes.length >= 20) return false
  })
  stream.destroy()
  return { found: indexes.length > 0, entryIndexes: indexes }
}

export { MSG_DRAW_COMMITTED }

/**
 * Winner publication (the hasWinnerPublication service): when the application asks for it, the
 * ACT and SA publications are scheduled from the run (stored in the run's transaction).
 */
function winnerPublicationsFor(promotion: Awaited<ReturnType<typeof repo.findPromotionRow>>, draw: DrawRow, ranAt: Date): WinnerPublication[] {
  if (!promotion) return []
  // The service ordered with the promotion (issue 25, decision record 020).
  if (!promotion.winnerPublication) return []
  const permit = (promotion.permit ?? {}) as Record<string, any>
  const details = (promotion.details ?? {}) as Record<string, any>
  const cents = (value: unknown) => (typeof value === 'number' ? value : null)
  return winnerPublicationsOf({
    stateAct: promotion.stateAct,
    stateSa: promotion.stateSa,
    // Per prize (issue 15): the owner's value of each winner position's prize, else what the application tells.
    prizes: {
      winners: draw.winners,
      prizeValues: draw.prizeValues,
      isRedraw: draw.parentId !== null,
      maxPrizeValue: cents(details.maxPrizeValue),
      prizeValueACT: cents(details.prizeValueACT),
    },
    finalDrawDate: text(permit.finalDraw?.date),
    prizePublicationDateACT: text(details.prizePublicationDateACT),
    ranAt,
  })
}

/** Once the run committed with its publications: the customer is told when and where, and any already due go live. */
async function announceWinnerPublication(deps: DrawDeps, draw: DrawRow, due: WinnerPublication[], ranAt: Date) {
  if (due.length === 0) return
  const to = await repo.emailOf(deps.database.db, draw.userId)
  if (to) {
    const url = `${deps.config.PUBLIC_URL}/winners/${draw.publicId}/`
    const lines = [
      `The winners of "${draw.title}" (${draw.promotionName}) will be published on the hosted winners page:`,
      ...due.map((p) => `${p.state}: ${formatDateTime(p.publishAt)}, prize ${p.positions.length === 1 ? 'position' : 'positions'} ${p.positions.join(', ')}`),
      '',
      `Page: ${url}`,
      'Please make sure every prize is correct before then; contact us if anything should change.',
    ]
    await deps.mailer.send({
      to,
      subject: `Winner publication scheduled: ${draw.title}`,
      text: lines.join('\n'),
      html: `<p>${lines.map((l) => l.replace(/&/g, '&amp;').replace(/</g, '&lt;')).join('<br>')}</p>`,
    })
  }
  await repo.publishDueWinners(deps.database.db, ranAt)
}

/**
 * The scheduler's one pass (pg-boss runs it every minute; tests call it with their own `now`):
 * commits scheduled draws whose upload has closed, runs those whose final draw time has come, and
 * puts due winner publications live.
 */
export async function processDueWork(deps: DrawDeps, now: Date) {
  const done = { committed: 0, ran: 0, published: 0 }
  for (const draw of await repo.findDueCommits(deps.database.db, now)) {
    try {
      await commitDraw(deps, { userId: draw.userId, isStaff: false }, draw.id)
      done.committed += 1
    } catch (error) {
      deps.logger.error('scheduled draw commit failed', { drawId: draw.id, error: String(error) })
    }
  }
  for (const draw of await repo.findDueRuns(deps.database.db, now)) {
    try {
      await runDraw(deps, { userId: draw.userId, isStaff: false }, draw.id, { actorId: null, now })
      done.ran += 1
    } catch (error) {
      deps.logger.error('scheduled draw run failed', { drawId: draw.id, error: String(error) })
    }
  }
  done.published = await repo.publishDueWinners(deps.database.db, now)
  return done
}

/** Before any list is live (issue 23): when the winners will be published, as a page, not an error. */
export type WinnersPending = { kind: 'pending'; title: string; promotionName: string; publicId: string; publishAt: string | null; drawAt: string | null }

export async function getWinnersPage(deps: Pick<DrawDeps, 'database'>, publicId: string, now: Date) {
  const draw = await repo.findDrawByPublicId(deps.database.db, publicId)
  if (!draw) throw new AppError('NOT_FOUND')
  const result = await repo.findResult(deps.database.db, draw.id)
  // Cancelled, or run without a hosted publication: there is no winners page (decision 015).
  if (!winnersPathOf(draw, result)) throw new AppError('NOT_FOUND')
  const live = draw.winnerPublications.filter((p) => p.publishedAt && new Date(p.publishAt) <= now)
  if (live.length === 0) {
    const due = draw.winnerPublications.map((p) => p.publishAt).sort()[0] ?? null
    const pending: WinnersPending = {
      kind: 'pending',
      title: draw.title,
      promotionName: draw.promotionName,
      publicId: draw.publicId,
      publishAt: due,
      drawAt: draw.runAt?.toISOString() ?? null,
    }
    return pending
  }
  if (!result) throw new AppError('NOT_FOUND')
  const winners = result.selections.filter((s) => !s.reserve)
  // Initials and postcode (SA), also what the ACT list shows: no e-mail, no full name.
  const shown = (entry: string) =>
    parseCanonicalRow(entry)
      .map((f) => maskField(f, 'initialsPostcode'))
      .filter((f) => /^(\p{Lu}\.)( \p{Lu}\.)*$/u.test(f) || /^\d{4}$/.test(f))
      .join(', ')
  const prizeValue = (position: number) => {
    const value = draw.prizeValues[position - 1]
    return typeof value === 'number' ? value : null
  }
  return {
    kind: 'live' as const,
    title: draw.title,
    promotionName: draw.promotionName,
    promoterName: draw.promoterName,
    publicId: draw.publicId,
    ranAt: result.ranAt.toISOString(),
    states: live.map((p) => p.state),
    // Each live publication lists its own prize positions (ACT: prizes of $1,000 or more; SA: all).
    publications: live.map((p) => ({
      state: p.state,
      winners: winners
        .filter((w) => !p.positions || p.positions.includes(w.position))
        .map((w) => ({ position: w.position, prizeValue: prizeValue(w.position), entry: shown(w.entry) })),
    })),
  }
}

/**
 * The winners pages of a promotion's draws, as absolute URLs with the configured public origin
 * (the reminder e-mails link them, issue 23): the draws that have one, oldest first.
 */
export async function winnersPagesOfPromotion(
  deps: Pick<DrawDeps, 'database'> & { config: Pick<DrawDeps['config'], 'PUBLIC_URL'> },
  promotionId: number,
): Promise<{ title: string; url: string }[]> {
  const pages: { title: string; url: string }[] = []
  for (const { draw, result } of await repo.findPromotionDrawsWithResults(deps.database.db, promotionId)) {
    const page = winnersPathOf(draw, result)
    if (page) pages.push({ title: draw.title, url: new URL(page, deps.config.PUBLIC_URL).toString() })
  }
  return pages
}
