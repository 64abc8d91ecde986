import { DRAW_ALGORITHM, maskEntry, parseCanonicalRow, toDollars, type MaskRule } from '@permitdesk/shared'
import type { DrawResultRow, DrawRow } from '../../db/schema/draws'

export type DrawStatus = 'created' | 'uploaded' | 'committed' | 'run' | 'cancelled'

export function statusOf(draw: DrawRow, result: DrawResultRow | null | undefined): DrawStatus {
  if (result) return 'run'
  if (draw.cancelledAt) return 'cancelled'
  if (draw.committedAt) return 'committed'
  if (draw.entriesHash) return 'uploaded'
  return 'created'
}

type ChainLink = { draw: DrawRow; result: DrawResultRow | null }

/**
 * The winners page of a draw (`/winners/{publicId}/`, a path), or null when there is none: a
 * cancelled draw, or one run without a hosted publication (decision 015). Before its run the page
 * says when the winners will be published. The one rule for every link to it (draw screen,
 * dashboard, e-mails) and for the page itself (getWinnersPage).
 */
export function winnersPathOf(draw: Pick<DrawRow, 'publicId' | 'cancelledAt' | 'winnerPublications'>, result: unknown): string | null {
  if (draw.cancelledAt) return null
  if (result && draw.winnerPublications.length === 0) return null
  return `/winners/${draw.publicId}/`
}

function selections(result: DrawResultRow | null | undefined, mask: (entry: string) => string) {
  const all = result?.selections ?? []
  const view = (s: (typeof all)[number]) => ({ position: s.position, entryIndex: s.entryIndex, rootIndex: s.rootIndex, entry: mask(s.entry) })
  return { winners: all.filter((s) => !s.reserve).map(view), reserves: all.filter((s) => s.reserve).map(view) }
}

function chainView(chain: ChainLink[]) {
  return chain.map(({ draw, result }) => ({
    publicId: draw.publicId,
    title: draw.title,
    parentPublicId: chain.find((c) => c.draw.id === draw.parentId)?.draw.publicId ?? null,
    status: statusOf(draw, result),
    ranAt: result?.ranAt.toISOString() ?? null,
  }))
}

/**
 * Every draw of the promotion (issue 23), on each draw's record: a preferred result cannot be
 * picked quietly from several draws over the same entries.
 */
function promotionDrawsView(all: ChainLink[]) {
  return all.map(({ draw, result }) => ({
    publicId: draw.publicId,
    title: draw.title,
    status: statusOf(draw, result),
    parentPublicId: all.find((c) => c.draw.id === draw.parentId)?.draw.publicId ?? null,
    scheduledAt: draw.runAt?.toISOString() ?? null,
    committedAt: draw.committedAt?.toISOString() ?? null,
    ranAt: result?.ranAt.toISOString() ?? null,
    cancelledAt: draw.cancelledAt?.toISOString() ?? null,
    cancelReason: draw.cancelReason,
    url: `/draws/${draw.publicId}/`,
  }))
}

/** The public record (GET /api/draw/public and /draws/{publicId}/): masked entries, seed only after the run. */
export function toPublicDraw(draw: DrawRow, result: DrawResultRow | null | undefined, chain: ChainLink[], promotionDraws: ChainLink[] = chain) {
  const rule = draw.maskRule as MaskRule
  return {
    publicId: draw.publicId,
    title: draw.title,
    promotionName: draw.promotionName,
    promoterName: draw.promoterName,
    algorithm: DRAW_ALGORITHM,
    status: statusOf(draw, result),
    winnersCount: draw.winners,
    reservesCount: draw.reserves,
    drawDate: draw.drawDate,
    drawTime: draw.drawTime,
    drawLocation: draw.drawLocation,
    scrutineerName: result?.scrutineerName ?? null,
    maskRule: rule,
    entryCount: draw.committedAt ? draw.entryCount : null,
    entriesHash: draw.committedAt ? draw.entriesHash : null,
    seedHash: draw.seedHash,
    /** Merkle root over the canonical rows (DESIGN.md §5a), published with the commit. */
    entriesRoot: draw.committedAt ? draw.entriesRoot : null,
    scheduledAt: draw.runAt?.toISOString() ?? null,
    cancelledAt: draw.cancelledAt?.toISOString() ?? null,
    cancelReason: draw.cancelReason,
    earlyRunReason: result?.earlyRunReason ?? null,
    committedAt: draw.committedAt?.toISOString() ?? null,
    seed: result?.seedHex ?? null,
    ranAt: result?.ranAt.toISOString() ?? null,
    ...selections(result, (entry) => maskEntry(parseCanonicalRow(entry), rule)),
    parentPublicId: chain.find((c) => c.draw.id === draw.parentId)?.draw.publicId ?? null,
    /** For a redraw: the original indexes of the earlier winners its entries leave out. */
    excludedRootIndexes: draw.excludedRootIndexes,
    /** Issue 27: why entries frozen from the product's own entries were left out, once committed. */
    exclusionLines: draw.committedAt ? draw.exclusionLines : [],
    chain: chainView(chain),
    promotionDraws: promotionDrawsView(promotionDraws),
  }
}

/** The whole record for its owner and staff (GET /api/draw/get): unmasked entries and the entries file. */
export function toOwnerDraw(draw: DrawRow, result: DrawResultRow | null | undefined, chain: ChainLink[], promotionDraws: ChainLink[] = chain) {
  return {
    ...toPublicDraw(draw, result, chain, promotionDraws),
    id: draw.id,
    promotionId: draw.promotionId,
    parentId: draw.parentId,
    entryCount: draw.entryCount,
    entriesHash: draw.entriesHash,
    entriesBytes: draw.entriesBytes,
    header: draw.header,
    sourceFileName: draw.sourceFileName,
    scrutineerRequired: draw.scrutineerRequired,
    /** Dollars per winner position (null: not given). */
    prizeValues: draw.prizeValues.map((cents) => (cents === null ? null : toDollars(cents))),
    scrutineerName: result?.scrutineerName ?? draw.scrutineerName,
    entriesUrl: draw.entriesKey ? `/download/draw/${draw.id}/entries.csv` : null,
    publicUrl: `/draws/${draw.publicId}/`,
    certificateUrl: `/draws/${draw.publicId}/certificate.pdf`,
    winnersUrl: winnersPathOf(draw, result),
    // Issue 25: the dashboard shows the customer when and where the winners go up.
    winnerPublications: draw.winnerPublications.map((p) => ({ state: p.state, publishAt: p.publishAt, publishedAt: p.publishedAt })),
    ...selections(result, (entry) => entry),
  }
}
