/**
 * Screening a promotion's entries (issue 27): each pass streams what one index gives (duplicate
 * groups PostgreSQL has already grouped, the addresses and devices with enough entries to be a
 * burst, the entries at disposable domains) through the pure screens of shared/src/entries, then
 * the flags replace the old ones in one transaction. Memory holds the flagged entries only.
 */
import {
  AppError,
  BURST_KINDS,
  BurstScreen,
  DEFAULT_BURST_RULE,
  DisposableScreen,
  DUPLICATE_KINDS,
  DuplicateScreen,
  MSG_SCREENING_FROZEN,
  type BurstRule,
  type EntryFlag,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { findPromotion } from '../promotions/promotions.repository'
import * as repo from './screening.repository'
import { disposableDomains } from './screening-domains'

export type ScreeningDeps = Pick<AppDeps, 'database' | 'logger'>
export type Owner = { userId: number; isStaff: boolean }

/** The promotion if `owner` may see it (its owner or staff); another customer's is not found. */
export async function requireScreenable(deps: ScreeningDeps, owner: Owner, promotionId: number) {
  const promotion = await findPromotion(deps.database.db, owner, promotionId)
  if (!promotion) throw new AppError('NOT_FOUND')
  return promotion
}

/** Flags of every entry of the promotion (without the owner check: the close job and the bench call it). */
export async function screenPromotion(
  deps: ScreeningDeps,
  promotionId: number,
  { burst = DEFAULT_BURST_RULE, domains = disposableDomains() }: { burst?: BurstRule; domains?: ReadonlySet<string> } = {},
) {
  const started = performance.now()
  const flags = new Map<number, EntryFlag[]>()
  const onFlag = (n: number, flag: EntryFlag) => {
    const list = flags.get(n)
    if (list) list.push(flag)
    else flags.set(n, [flag])
  }
  const { pool } = deps.database
  for (const kind of DUPLICATE_KINDS) {
    const screen = new DuplicateScreen(kind, onFlag)
    for await (const batch of repo.duplicateGroups(pool, promotionId, kind)) for (const g of batch) for (const id of g.ids) screen.push(Number(id), g.key)
    screen.finish()
  }
  for (const kind of BURST_KINDS) {
    const screen = new BurstScreen(kind, burst, onFlag)
    for await (const batch of repo.burstCandidates(pool, promotionId, kind, burst.count)) for (const r of batch) screen.push(Number(r.id), r.key, r.at)
    screen.finish()
  }
  const listed = (await repo.emailDomains(deps.database.db, promotionId)).filter((d) => domains.has(d) || [...parentsOf(d)].some((p) => domains.has(p)))
  if (listed.length > 0) {
    const screen = new DisposableScreen(domains, onFlag)
    for await (const batch of repo.entriesAtDomains(pool, promotionId, listed)) for (const r of batch) screen.push(Number(r.id), r.email)
  }
  await repo.writeFlags(deps.database.db, promotionId, flags)
  const counts = await repo.screeningCounts(deps.database.db, promotionId)
  deps.logger.info('entries screened', { promotionId, flagged: flags.size, ms: Math.round(performance.now() - started) })
  return counts
}

/** `a.b.example.com` → `b.example.com`, `example.com`. */
function* parentsOf(domain: string) {
  let d = domain
  for (let dot = d.indexOf('.'); dot >= 0 && d.indexOf('.', dot + 1) >= 0; dot = d.indexOf('.')) {
    d = d.slice(dot + 1)
    yield d
  }
}

/** POST /api/entries/screen: the owner (or staff) screens again; refused once the entries are frozen. */
export async function screenEntries(deps: ScreeningDeps, owner: Owner, promotionId: number) {
  await requireScreenable(deps, owner, promotionId)
  const form = await repo.formStatusOf(deps.database.db, promotionId)
  if (form?.status === 'frozen') throw new AppError('CONFLICT', MSG_SCREENING_FROZEN)
  return screenPromotion(deps, promotionId)
}
