/**
 * The promoter's view of the entries (issue 27): a page at a time, searchable by entry number or
 * e-mail, personal data masked; refusals per reason; a formula-safe CSV export; and one
 * entrant's entries across the owner's promotions (a data request).
 */
import type { Response } from 'express'
import {
  ENTRY_FLAG_LABELS,
  AppError,
  ENTRY_CONSENT_PREFIX,
  ENTRY_FIELD_LABELS,
  ENTRY_PERSON_FIELDS,
  ENTRY_REFUSAL_LABELS,
  ENTRY_REFUSAL_REASONS,
  MSG_ENTRY_LOOKUP_EMAIL_REQUIRED,
  csvSafeCell,
  formatDateTime,
  maskDigits,
  maskEmail,
  maskText,
  normaliseEmail,
  type EntryRefusalReason,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import type { EntryRow } from '../../db/schema/entries'
import { findPromotion } from '../promotions/promotions.repository'
import * as repo from './entries.repository'
import { entryIdsWithFiles } from './entry-files.repository'

type Owner = { userId: number; isStaff: boolean }
type Deps = Pick<AppDeps, 'database'>

export const ENTRIES_PAGE_SIZE = 50

async function ownedPromotionId(deps: Deps, owner: Owner, promotionId: number): Promise<number> {
  const promotion = await findPromotion(deps.database.db, owner, promotionId)
  if (!promotion) throw new AppError('NOT_FOUND')
  return promotion.id
}

/** `123` is an entry number; text with `@` an e-mail (normalised, exact); other text the start of one. */
function searchOf(promotionId: number, q: string | undefined) {
  const text = q?.trim() ?? ''
  if (!text) return { promotionId }
  if (/^#?\d{1,15}$/.test(text)) return { promotionId, entryNumber: Number(text.replace('#', '')) }
  if (text.includes('@')) return { promotionId, emailNorm: normaliseEmail(text) ?? text.toLowerCase() }
  return { promotionId, emailPrefix: text.toLowerCase() }
}

function masked(row: EntryRow) {
  const f = row.fields as Record<string, string | boolean | undefined>
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  return {
    entryNumber: row.id,
    receivedAt: row.receivedAt.toISOString(),
    channel: row.channel,
    name: str(f.name) ? maskText(str(f.name)) : '',
    email: str(f.email) ? maskEmail(str(f.email)) : '',
    phone: str(f.phone) ? maskDigits(str(f.phone)) : '',
    postcode: str(f.postcode),
    state: str(f.state),
    flags: row.flags.length,
    decision: row.decision,
  }
}

/** Marks the entries that have a receipt file (the table links it for download). */
async function withFileFlags<T extends { entryNumber: number }>(deps: Deps, rows: T[]): Promise<(T & { receiptFile: boolean })[]> {
  const withFiles = await entryIdsWithFiles(
    deps.database.db,
    rows.map((r) => r.entryNumber),
  )
  return rows.map((r) => ({ ...r, receiptFile: withFiles.has(r.entryNumber) }))
}

export async function listEntries(deps: Deps, owner: Owner, input: { promotionId: number; q?: string; before?: number }) {
  const promotionId = await ownedPromotionId(deps, owner, input.promotionId)
  const search = searchOf(promotionId, input.q)
  const [rows, total, refusals] = await Promise.all([
    repo.pageEntries(deps.database.db, { ...search, beforeId: input.before, limit: ENTRIES_PAGE_SIZE + 1 }),
    repo.countEntries(deps.database.db, search),
    repo.refusalTotals(deps.database.db, promotionId),
  ])
  const page = rows.slice(0, ENTRIES_PAGE_SIZE)
  return {
    total,
    entries: await withFileFlags(deps, page.map(masked)),
    nextBefore: rows.length > ENTRIES_PAGE_SIZE ? page[page.length - 1]!.id : null,
    refusals: refusals
      .filter((r): r is { reason: EntryRefusalReason; count: number } => (ENTRY_REFUSAL_REASONS as readonly string[]).includes(r.reason))
      .map((r) => ({ reason: r.reason, label: ENTRY_REFUSAL_LABELS[r.reason], count: r.count })),
  }
}

const csvCell = (value: string) => {
  const safe = csvSafeCell(value)
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

function csvHeader(consentIds: string[]): string[] {
  return [
    'Entry number',
    'Received',
    'Channel',
    ...ENTRY_PERSON_FIELDS.map((f) => ENTRY_FIELD_LABELS[f]),
    ENTRY_FIELD_LABELS.answer,
    ...consentIds.map((id) => `Consent: ${id}`),
    'Flags',
    'Decision',
  ]
}

function csvRow(row: EntryRow, consentIds: string[], promotionName?: string): string {
  const f = row.fields as Record<string, string | boolean | undefined>
  const cells = [
    String(row.id),
    formatDateTime(row.receivedAt),
    row.channel,
    ...ENTRY_PERSON_FIELDS.map((k) => String(f[k] ?? '')),
    String(f.answer ?? ''),
    ...consentIds.map((id) => (f[`${ENTRY_CONSENT_PREFIX}${id}`] === true ? 'yes' : 'no')),
    row.flags.map((flag) => ENTRY_FLAG_LABELS[flag.kind]).join('; '),
    row.decision ?? '',
  ]
  return [...(promotionName !== undefined ? [promotionName] : []), ...cells].map(csvCell).join(',')
}

/** The promotion's entries as CSV, streamed in batches (formula-safe cells; the promoter's own data, unmasked). */
export async function exportEntries(deps: Deps, owner: Owner, input: { promotionId: number; q?: string }, res: Response): Promise<void> {
  const promotionId = await ownedPromotionId(deps, owner, input.promotionId)
  const search = searchOf(promotionId, input.q)
  const form = await repo.findFormByPromotion(deps.database.db, promotionId)
  const consentIds = form?.fields.consents?.map((c) => c.id) ?? []
  res.set('Content-Type', 'text/csv; charset=utf-8')
  res.set('Content-Disposition', `attachment; filename="entries-${promotionId}.csv"`)
  res.set('Cache-Control', 'private, no-store')
  res.write(`${csvHeader(consentIds).map(csvCell).join(',')}\r\n`)
  let after = 0
  for (;;) {
    const batch = await repo.entriesAfter(deps.database.db, search, after, 2000)
    if (batch.length === 0) break
    const ok = res.write(batch.map((row) => `${csvRow(row, consentIds)}\r\n`).join(''))
    after = batch[batch.length - 1]!.id
    if (!ok) await new Promise((resolve) => res.once('drain', resolve))
  }
  res.end()
}

/** A data request: every entry of one e-mail address in the owner's promotions (staff: all). */
export async function findEntrantEntries(deps: Deps, owner: Owner, email: string) {
  const emailNorm = normaliseEmail(email)
  if (!emailNorm) throw new AppError('VALIDATION', MSG_ENTRY_LOOKUP_EMAIL_REQUIRED, { modelState: { email: [MSG_ENTRY_LOOKUP_EMAIL_REQUIRED] } })
  return repo.entriesOfEntrant(deps.database.db, owner, emailNorm)
}

export async function listEntrantEntries(deps: Deps, owner: Owner, email: string) {
  const rows = await findEntrantEntries(deps, owner, email)
  return {
    entries: rows.map((row) => ({ ...masked(row), promotionId: row.promotionId, promotionName: row.promotionName })),
  }
}

/** The entrant's data as CSV (unmasked: it is theirs), one row per entry with its promotion. */
export async function exportEntrantEntries(deps: Deps, owner: Owner, email: string, res: Response): Promise<void> {
  const rows = await findEntrantEntries(deps, owner, email)
  res.set('Content-Type', 'text/csv; charset=utf-8')
  res.set('Content-Disposition', 'attachment; filename="entrant-data.csv"')
  res.set('Cache-Control', 'private, no-store')
  res.write(`${['Promotion', ...csvHeader([])].map(csvCell).join(',')}\r\n`)
  res.end(rows.map((row) => `${csvRow(row, [], row.promotionName)}\r\n`).join(''))
}
