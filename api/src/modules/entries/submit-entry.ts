/**
 * One entry arriving on any channel (issue 27): the form's field checks, the permit's rules
 * (period, states, age, staff domains, entries per day), then the insert, committed before the
 * answer. A refusal answers the entrant's sentence and is counted per reason for the promoter.
 */
import crypto from 'node:crypto'
import {
  AppError,
  MSG_API_KEY_INVALID,
  MSG_ENTRY_NOT_OPEN,
  checkArrival,
  checkEntryFields,
  entryPeriod,
  msgEntryDailyLimit,
  sydneyDateOf,
  type EntryChannel,
  type EntryRefusalReason,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import type { EntryFormRow } from '../../db/schema/entries'
import type { PromotionRow } from '../../db/schema/promotions'
import { ensureInstanceSetting } from '../bot-check/bot-check.repository'
import { dailyLimitOf, permitOf, statesOf } from './entry-form'
import * as repo from './entries.repository'
import { discardReceiptFile, linkReceiptFile, storeReceiptFile } from './receipt-file'

// Storage: only for an entry with a receipt file (the routes pass it; the bench and import need none).
type Deps = Pick<AppDeps, 'database' | 'config'> & Partial<Pick<AppDeps, 'storage'>>

export type Arrival = {
  channel: EntryChannel
  input: Record<string, unknown>
  /** The client address and device (hashed with the installation's key; never stored raw). */
  ip?: string | null
  device?: string | null
  /** The API channel: the key and its Idempotency-Key (a replay answers the first entry). */
  apiKeyId?: number | null
  idempotencyKey?: string | null
  /**
   * The API channel: the key's owner as the caller admitted it; the statement that stores the entry
   * checks the key is still live and theirs (a key admitted from a process's cache, see
   * entries.repository.ts INSERT_ENTRIES).
   */
  apiKeyUserId?: number
  /** Before any answer that is not a stored entry (a refusal, a replay, a field's error): throws when the caller may no longer call. */
  confirmCaller?: () => Promise<void>
  now?: Date
}

export type Accepted = { entryNumber: number; receivedAt: string; replayed: boolean }

const hashKeys = new WeakMap<object, Promise<string>>()

/** The salt of IP and device hashes: one per installation, so every process hashes alike (screening compares them). */
function hashKey(deps: Deps): Promise<string> {
  if (deps.config.SESSION_SECRET) return Promise.resolve(`entries:${deps.config.SESSION_SECRET}`)
  let key = hashKeys.get(deps.database.pool)
  if (!key) {
    key = ensureInstanceSetting(deps.database.pool, 'entry_hash_key', JSON.stringify(crypto.randomBytes(32).toString('base64url')))
    key.catch(() => hashKeys.delete(deps.database.pool))
    hashKeys.set(deps.database.pool, key)
  }
  return key
}

const saltedHash = (key: string, value: string | null | undefined) =>
  value ? crypto.createHmac('sha256', key).update(value).digest('base64url').slice(0, 32) : null

/** A refusal under the permit's rules: the entrant's sentence, and the reason it was counted under. */
export class EntryRefused extends AppError {
  constructor(
    readonly reason: EntryRefusalReason,
    message: string,
    field?: string,
  ) {
    super(field ? 'VALIDATION' : 'CONFLICT', message, { modelState: { [field ?? 'entry']: [message] } })
  }
}

/** Thrown instead of an answer when the rules came from this process's cache and may be out of date: the caller reads them afresh and tries again. */
class StaleRules extends Error {}

type Rules = { form: EntryFormRow; promotion: PromotionRow; version?: repo.RulesVersion }

/**
 * The forms' rules (form and promotion rows) this process has read, by code and by promotion:
 * every entry's insert checks that both rows are still the versions read (their xmin), so a change
 * by any process is seen at the next entry, and a refusal is only ever given on rules read afresh.
 */
const cachedRules = new WeakMap<object, Map<string, Rules>>()
const CACHED_FORMS = 1000

function rulesCache(deps: Deps): Map<string, Rules> {
  let cache = cachedRules.get(deps.database.pool)
  if (!cache) cachedRules.set(deps.database.pool, (cache = new Map()))
  return cache
}

/** The rules of the form `key` names: from the cache, else read (and cached); `fresh` always reads. */
async function rulesOf(deps: Deps, where: { code: string } | { promotionId: number }, fresh: boolean): Promise<(Rules & { cached: boolean }) | undefined> {
  const cache = rulesCache(deps)
  const key = 'code' in where ? `c:${where.code}` : `p:${where.promotionId}`
  const hit = fresh ? undefined : cache.get(key)
  if (hit) return { ...hit, cached: true }
  const found = await repo.findFormRules(deps.database.db, where)
  if (cache.size >= CACHED_FORMS) cache.clear()
  if (found) cache.set(key, found)
  else cache.delete(key)
  return found && { ...found, cached: false }
}

/** Runs `attempt` on cached rules, and again on rules read afresh when the cached ones might have misled it. */
async function withRules(
  deps: Deps,
  where: { code: string } | { promotionId: number },
  attempt: (rules: (Rules & { cached: boolean }) | undefined) => Promise<Accepted>,
) {
  try {
    return await attempt(await rulesOf(deps, where, false))
  } catch (error) {
    if (!(error instanceof StaleRules)) throw error
  }
  for (let tries = 0; tries < 3; tries++) {
    try {
      return await attempt(await rulesOf(deps, where, true))
    } catch (error) {
      // Changed again between the read and the insert: read again.
      if (!(error instanceof StaleRules)) throw error
    }
  }
  throw new Error('entry rules kept changing')
}

async function refuse(deps: Deps, promotionId: number, reason: EntryRefusalReason, now: Date, message: string, field?: string): Promise<never> {
  await repo.countRefusal(deps.database.db, promotionId, reason, sydneyDateOf(now))
  throw new EntryRefused(reason, message, field)
}

/**
 * Checks and stores one entry of an open form. With `cached` rules, any refusal is first checked
 * against rules read afresh (StaleRules), so no entrant is refused on a rule already changed.
 */
export async function submitEntry(deps: Deps, found: Rules, arrival: Arrival, { cached = false }: { cached?: boolean } = {}): Promise<Accepted> {
  const { form, promotion } = found
  const now = arrival.now ?? new Date()
  // An API submission's replay answers its first entry whatever the rules say now: the insert
  // finds it (one round trip), and a refusal looks for it before it is given.
  const replay = async (): Promise<Accepted | undefined> => {
    const earlier = arrival.idempotencyKey
      ? await repo.findIdempotentEntry(deps.database.db, promotion.id, arrival.apiKeyId ?? null, arrival.idempotencyKey)
      : undefined
    return earlier && { entryNumber: earlier.id, receivedAt: earlier.receivedAt.toISOString(), replayed: true }
  }
  const refuse_ = async (...args: Parameters<typeof refuse>): Promise<Accepted> => {
    if (cached) throw new StaleRules()
    await arrival.confirmCaller?.()
    return (await replay()) ?? refuse(...args)
  }
  // Offline entries are imported after they arrived: the period decides (by their received time), not the form's switch.
  const formOpen = form.status === 'open' || (arrival.channel === 'import' && form.status === 'closed')
  if (!formOpen || promotion.deleted) return refuse_(deps, promotion.id, 'not_open', now, MSG_ENTRY_NOT_OPEN)
  // Offline entries come as CSV rows: their receipts are on paper, so the file is not asked of them.
  const checked = checkEntryFields(arrival.channel === 'import' ? { ...form.fields, receiptFile: 'off' } : form.fields, arrival.input)
  if ('modelState' in checked) {
    if (cached) throw new StaleRules()
    await arrival.confirmCaller?.()
    const replayed = await replay()
    if (replayed) return replayed
    const [first] = Object.values(checked.modelState)
    throw new AppError('VALIDATION', first?.[0], { modelState: checked.modelState })
  }
  const { entry } = checked
  const permit = permitOf(promotion)
  const refusal = checkArrival(entry, {
    now,
    period: entryPeriod(permit),
    states: statesOf(promotion),
    under18s: permit.under18s as boolean | null | undefined,
    staffDomains: form.staffDomains,
  })
  if (refusal) return refuse_(deps, promotion.id, refusal.reason, now, refusal.message, refusal.field)
  const receiptFile =
    form.fields.receiptFile !== 'off' && arrival.input.receiptFile !== undefined && deps.storage
      ? await storeReceiptFile({ database: deps.database, storage: deps.storage }, promotion, arrival.input.receiptFile)
      : null
  const key = await hashKey(deps)
  const limit = dailyLimitOf(promotion)
  const stored = await repo.insertEntryWithinLimit(
    deps.database,
    {
      promotionId: promotion.id,
      channel: arrival.channel,
      receivedAt: now,
      sydneyDay: sydneyDateOf(now),
      fields: entry.fields,
      emailNorm: entry.emailNorm,
      phoneNorm: entry.phoneNorm,
      namePostcodeNorm: entry.namePostcodeNorm,
      personKey: entry.personKey,
      ipHash: saltedHash(key, arrival.ip),
      deviceHash: saltedHash(key, arrival.device),
      apiKeyId: arrival.apiKeyId ?? null,
      idempotencyKey: arrival.idempotencyKey ?? null,
    },
    limit,
    form.receipts && Boolean(entry.emailNorm),
    arrival.channel === 'import' ? ['open', 'closed'] : ['open'],
    found.version,
    arrival.apiKeyUserId,
  )
  // A file stored for an entry that was not taken (refused, replayed, or tried again on fresher rules) goes again.
  if (receiptFile && (typeof stored === 'string' || !stored || stored.replayed))
    await discardReceiptFile({ database: deps.database, storage: deps.storage! }, receiptFile)
  if (stored === 'key') throw new AppError('UNAUTHENTICATED', MSG_API_KEY_INVALID)
  if (stored === 'stale') throw new StaleRules()
  // The statement read the form's status and the day's entries as they are now, found no earlier
  // entry of the Idempotency-Key, and the key live: refused at once, on no cached rule.
  if (stored === 'closed') return refuse(deps, promotion.id, 'not_open', now, MSG_ENTRY_NOT_OPEN)
  if (!stored) return refuse(deps, promotion.id, 'daily_limit', now, msgEntryDailyLimit(limit ?? 0))
  if (receiptFile && !stored.replayed) await linkReceiptFile({ database: deps.database, storage: deps.storage! }, promotion, stored.id, receiptFile)
  return { entryNumber: stored.id, receivedAt: stored.receivedAt.toISOString(), replayed: stored.replayed }
}

/** The hosted form and the embed: by the form's public code. */
export async function submitByCode(deps: Deps, code: string, arrival: Arrival): Promise<Accepted> {
  return withRules(deps, { code }, async (found) => {
    if (!found) throw new AppError('NOT_FOUND')
    return submitEntry(deps, found, arrival, { cached: found.cached })
  })
}

/** The API channel: a promotion the caller owns (or staff); others' promotions are not found. */
export async function submitForPromotion(deps: Deps, owner: { userId: number; isStaff: boolean }, promotionId: number, arrival: Arrival): Promise<Accepted> {
  return withRules(deps, { promotionId }, async (found) => {
    if (!found || found.promotion.deleted || (!owner.isStaff && found.promotion.userId !== owner.userId)) {
      if (found?.cached) throw new StaleRules()
      await arrival.confirmCaller?.()
      throw new AppError('NOT_FOUND')
    }
    return submitEntry(deps, found, arrival, { cached: found.cached })
  })
}
