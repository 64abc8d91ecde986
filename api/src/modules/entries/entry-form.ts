/**
 * The promoter's entry form (issue 27): read, save (fields, receipts, staff domains), open and
 * close; and the public view the hosted form and the embed render. Only a promotion with the
 * random draw service has one, and it opens only once the service is paid (issue 22's check).
 */
import crypto from 'node:crypto'
import {
  AppError,
  collectionNotice,
  formatAbnOrAcn,
  formatAddress,
  DEFAULT_ENTRY_FORM_FIELDS,
  EntryFormFieldsSchema,
  MSG_ENTRY_FORM_FROZEN,
  MSG_ENTRY_FORM_NEEDS_PERIOD,
  MSG_ENTRY_FORM_NO_DRAW,
  STATE_KEYS,
  entryPeriod,
  parseInput,
  parseStaffDomains,
  stateChoices,
  type EntryFormFields,
  type StateKey,
} from '@permitdesk/shared'
import { z } from 'zod'
import type { AppDeps } from '../../deps'
import type { EntryFormRow } from '../../db/schema/entries'
import type { PromotionRow } from '../../db/schema/promotions'
import { findPromotion } from '../promotions/promotions.repository'
import { ausStatesOfRow } from '../promotions/promotion-fields'
import { requireServicePaid } from '../payments/require-service-paid'
import { findLink as findTermsLink } from '../terms/terms.repository'
import { accountNameOf, emailOf } from '../draws/draws.repository'
import * as repo from './entries.repository'
import { cmsSettingsOf } from '../../server/build'

type Owner = { userId: number; isStaff: boolean }
type Deps = Pick<AppDeps, 'database' | 'config'>

export const EntryFormSaveSchema = z.object({
  promotionId: z.number().int().positive(),
  fields: z.unknown(),
  receipts: z.boolean().optional(),
  staffDomains: z.string().max(5000).optional(),
})
export type EntryFormSave = z.infer<typeof EntryFormSaveSchema>

/** A code of 10 url-safe characters: unguessable enough that forms of unpublished promotions are not found by counting. */
const newCode = () => crypto.randomBytes(8).toString('base64url').slice(0, 10)

/** The promotion's states as keys (every state when none is selected). */
export function statesOf(promotion: PromotionRow): StateKey[] {
  const flags = ausStatesOfRow(promotion)
  const chosen = STATE_KEYS.filter((key) => flags[key])
  return chosen.length === STATE_KEYS.length ? [] : chosen
}

export const permitOf = (promotion: PromotionRow) => (promotion.permit ?? {}) as Record<string, unknown>

/** The entries-per-day limit of the application (0, blank or not a number: no limit). */
export function dailyLimitOf(promotion: PromotionRow): number | null {
  const value = Number(permitOf(promotion).entriesPerDay)
  return Number.isInteger(value) && value > 0 ? value : null
}

export function promoterNameOf(promotion: PromotionRow): string | null {
  const permit = permitOf(promotion)
  const applicant = (promotion.applicant ?? permit.applicant ?? {}) as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null)
  return text(applicant.organisation) ?? text(applicant.tradingName)
}

async function ownedPromotion(deps: Deps, owner: Owner, promotionId: number): Promise<PromotionRow> {
  const promotion = await findPromotion(deps.database.db, owner, promotionId)
  if (!promotion) throw new AppError('NOT_FOUND')
  return promotion
}

/** The notice under the form: the CMS text with the promoter's details of the application (else the account's). */
async function collectionNoticeOf(deps: Deps, promotion: PromotionRow, termsPath: string | null): Promise<string> {
  const permit = permitOf(promotion)
  const applicant = (promotion.applicant ?? permit.applicant ?? {}) as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null)
  const origin = deps.config.PUBLIC_URL.replace(/\/$/, '')
  const address = applicant.businessAddress ? formatAddress(applicant.businessAddress as Parameters<typeof formatAddress>[0]) : ''
  return collectionNotice(cmsSettingsOf(deps.config.DATA_DIR)?.entryCollectionNotice ?? null, {
    'promoter.name': promoterNameOf(promotion) ?? ((await accountNameOf(deps.database.db, promotion.userId)) || promotion.name),
    'promoter.abn': formatAbnOrAcn(text(applicant.abnacn)),
    'promoter.address': address.split('\n').join(', '),
    'promoter.contact': text(applicant.email) ?? text(applicant.phone) ?? (await emailOf(deps.database.db, promotion.userId)) ?? '',
    // Absolute: the embed shows the notice on the promoter's own site.
    'promoter.privacyPolicy': termsPath ? `${origin}${termsPath}` : (text(applicant.website) ?? ''),
    'promotion.name': promotion.name,
  })
}

async function view(deps: Deps, form: EntryFormRow, promotion: PromotionRow) {
  const period = entryPeriod(permitOf(promotion))
  const termsCode = promotion.hostedTC ? await findTermsLink(deps.database.db, promotion.id) : undefined
  return {
    promotionId: form.promotionId,
    code: form.code,
    status: form.status,
    fields: form.fields,
    receipts: form.receipts,
    staffDomains: form.staffDomains,
    path: `/enter/${form.code}/`,
    opensAt: period?.opensAt.toISOString() ?? null,
    closesAt: period?.closesAt.toISOString() ?? null,
    entriesPerDay: dailyLimitOf(promotion),
    openedAt: form.openedAt?.toISOString() ?? null,
    closedAt: form.closedAt?.toISOString() ?? null,
    collectionNotice: await collectionNoticeOf(deps, promotion, termsCode ? `/t/${termsCode}/` : null),
  }
}
export type EntryFormView = Awaited<ReturnType<typeof view>>

/** The form of a promotion with the draw service; made (closed, default fields) on first read. */
export async function getEntryForm(deps: Deps, owner: Owner, promotionId: number): Promise<EntryFormView> {
  const promotion = await ownedPromotion(deps, owner, promotionId)
  if (!promotion.randomDraw) throw new AppError('CONFLICT', MSG_ENTRY_FORM_NO_DRAW)
  const form =
    (await repo.findFormByPromotion(deps.database.db, promotionId)) ??
    (await repo.insertForm(deps.database.db, { promotionId, code: newCode(), fields: DEFAULT_ENTRY_FORM_FIELDS }))
  return view(deps, form, promotion)
}

export async function saveEntryForm(deps: Deps, owner: Owner, input: EntryFormSave): Promise<EntryFormView> {
  const promotion = await ownedPromotion(deps, owner, input.promotionId)
  if (!promotion.randomDraw) throw new AppError('CONFLICT', MSG_ENTRY_FORM_NO_DRAW)
  const fields: EntryFormFields = parseInput(EntryFormFieldsSchema, input.fields)
  let staffDomains: string[] | undefined
  if (input.staffDomains !== undefined) {
    const parsed = parseStaffDomains(input.staffDomains)
    if ('error' in parsed) throw new AppError('VALIDATION', parsed.error, { modelState: { staffDomains: [parsed.error] } })
    staffDomains = parsed.domains
  }
  const existing = await getEntryForm(deps, owner, input.promotionId)
  const form = await repo.findFormByPromotion(deps.database.db, existing.promotionId)
  if (form!.status === 'frozen') throw new AppError('CONFLICT', MSG_ENTRY_FORM_FROZEN)
  const saved = await repo.updateForm(deps.database.db, form!.id, {
    fields,
    ...(input.receipts !== undefined ? { receipts: input.receipts } : {}),
    ...(staffDomains ? { staffDomains } : {}),
  })
  return view(deps, saved, promotion)
}

/** Opens or closes the form. Opening needs the draw service paid and the application's entry period. */
export async function setEntryFormOpen(deps: Deps, owner: Owner, promotionId: number, open: boolean): Promise<EntryFormView> {
  const promotion = await ownedPromotion(deps, owner, promotionId)
  await getEntryForm(deps, owner, promotionId)
  const form = (await repo.findFormByPromotion(deps.database.db, promotionId))!
  if (form.status === 'frozen') throw new AppError('CONFLICT', MSG_ENTRY_FORM_FROZEN)
  if (open) {
    if (!entryPeriod(permitOf(promotion))) throw new AppError('CONFLICT', MSG_ENTRY_FORM_NEEDS_PERIOD)
    await requireServicePaid(deps.database.db, promotionId, 'draw')
  }
  const now = new Date()
  const saved = await repo.updateForm(deps.database.db, form.id, open ? { status: 'open', openedAt: now } : { status: 'closed', closedAt: now })
  return view(deps, saved, promotion)
}

/** What the hosted form shows: the promotion's name, fields, states, period, T&Cs and the promoter for the collection notice. */
export async function getPublicEntryForm(deps: Deps, code: string) {
  const found = await repo.findFormWithPromotion(deps.database.db, { code })
  if (!found || found.promotion.deleted) throw new AppError('NOT_FOUND')
  const { form, promotion } = found
  const termsCode = promotion.hostedTC ? await findTermsLink(deps.database.db, promotion.id) : undefined
  const period = entryPeriod(permitOf(promotion))
  const applicant = (promotion.applicant ?? permitOf(promotion).applicant ?? {}) as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null)
  return {
    code: form.code,
    promotionName: promotion.name,
    // The application's promoter, else the account's name and address (who answers data requests).
    promoterName: promoterNameOf(promotion) ?? ((await accountNameOf(deps.database.db, promotion.userId)) || promotion.name),
    promoterContact: text(applicant.email) ?? text(applicant.phone) ?? (await emailOf(deps.database.db, promotion.userId)) ?? null,
    status: form.status,
    fields: form.fields,
    states: stateChoices(statesOf(promotion)).map((s) => ({ code: s.code, name: s.name })),
    opensAt: period?.opensAt.toISOString() ?? null,
    closesAt: period?.closesAt.toISOString() ?? null,
    termsPath: termsCode ? `/t/${termsCode}/` : null,
    under18s: permitOf(promotion).under18s !== false,
    collectionNotice: await collectionNoticeOf(deps, promotion, termsCode ? `/t/${termsCode}/` : null),
  }
}
