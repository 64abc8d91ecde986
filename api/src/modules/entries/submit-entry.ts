/**
 * One entry arriving on any channel (issue 27): the form's field checks, the permit's rules
 * (period, states, age, staff domains, entries per day), then the insert, committed before the
 * answer. A refusal answers the entrant's sentence and is counted per reason for the promoter.
 */
import crypto from 'node:crypto'
import {
  AppError,
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

async function refuse(deps: Deps, promotionId: number, reason: EntryRefusalReason, now: Date, message: string, field?: string): Promise<never> {
  await repo.countRefusal(deps.database.db, promotionId, reason, sydneyDateOf(now))
  throw new EntryRefused(reason, message, field)
}

/** Checks and stores one entry of an open form. */
export async function submitEntry(deps: Deps, found: { form: EntryFormRow; promotion: PromotionRow }, arrival: Arrival): Promise<Accepted> {
  const { form, promotion } = found
  const now = arrival.now ?? new Date()
  if (arrival.idempotencyKey) {
    const earlier = await repo.findIdempotentEntry(deps.database.db, promotion.id, arrival.apiKeyId ?? null, arrival.idempotencyKey)
    if (earlier) return { entryNumber: earlier.id, receivedAt: earlier.receivedAt.toISOString(), replayed: true }
  }
  // Offline entries are imported after they arrived: the period decides (by their received time), not the form's switch.
  const formOpen = form.status === 'open' || (arrival.channel === 'import' && form.status === 'closed')
  if (!formOpen || promotion.deleted) return refuse(deps, promotion.id, 'not_open', now, MSG_ENTRY_NOT_OPEN)
  // Offline entries come as CSV rows: their receipts are on paper, so the file is not asked of them.
  const checked = checkEntryFields(arrival.channel === 'import' ? { ...form.fields, receiptFile: 'off' } : form.fields, arrival.input)
  if ('modelState' in checked) {
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
  if (refusal) return refuse(deps, promotion.id, refusal.reason, now, refusal.message, refusal.field)
  const receiptFile =
    form.fields.receiptFile !== 'off' && arrival.input.receiptFile !== undefined && deps.storage
      ? await storeReceiptFile({ database: deps.database, storage: deps.storage }, promotion, arrival.input.receiptFile)
      : null
  const key = await hashKey(deps)
  const limit = dailyLimitOf(promotion)
  const stored = await repo.insertEntryWithinLimit(
    deps.database.db,
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
  )
  if (receiptFile && (stored === 'closed' || !stored || stored.replayed))
    await discardReceiptFile({ database: deps.database, storage: deps.storage! }, receiptFile)
  if (stored === 'closed') return refuse(deps, promotion.id, 'not_open', now, MSG_ENTRY_NOT_OPEN)
  if (!stored) return refuse(deps, promotion.id, 'daily_limit', now, msgEntryDailyLimit(limit ?? 0))
  if (receiptFile && !stored.replayed) await linkReceiptFile({ database: deps.database, storage: deps.storage! }, promotion, stored.id, receiptFile)
  return { entryNumber: stored.id, receivedAt: stored.receivedAt.toISOString(), replayed: stored.replayed }
}

/** The hosted form and the embed: by the form's public code. */
export async function submitByCode(deps: Deps, code: string, arrival: Arrival): Promise<Accepted> {
  const found = await repo.findFormWithPromotion(deps.database.db, { code })
  if (!found) throw new AppError('NOT_FOUND')
  return submitEntry(deps, found, arrival)
}

/** The API channel: a promotion the caller owns (or staff); others' promotions are not found. */
export async function submitForPromotion(deps: Deps, owner: { userId: number; isStaff: boolean }, promotionId: number, arrival: Arrival): Promise<Accepted> {
  const found = await repo.findFormWithPromotion(deps.database.db, { promotionId })
  if (!found || found.promotion.deleted || (!owner.isStaff && found.promotion.userId !== owner.userId)) throw new AppError('NOT_FOUND')
  return submitEntry(deps, found, arrival)
}
