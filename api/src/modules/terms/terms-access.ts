import crypto from 'node:crypto'
import {
  AppError,
  fullTermsKind,
  isSkillTcPaymentOption,
  MSG_SKILL_TC_AMEND_WINDOW_CLOSED,
  skillTcEditWindowEnds,
  type SkillTcPaymentOption,
} from '@permitdesk/shared'
import type { Config } from '../../env'
import type { PromotionRow } from '../../db/schema/promotions'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { findFirstPaymentAt, findLink, insertLink } from './terms.repository'

/** The promotion if the caller may see it (owner or staff); 404 otherwise, as for a missing one. */
export async function requirePromotion(db: DbOrTx, actor: Owner, id: number, options: { forUpdate?: boolean } = {}): Promise<PromotionRow> {
  const row = await findPromotion(db, actor, id, options)
  if (!row || (row.deleted && !actor.isStaff)) throw new AppError('NOT_FOUND')
  return row
}

export function hasTermsService(row: Pick<PromotionRow, 'termsAndConditions' | 'skillsBasedTC' | 'abridgedTC' | 'hostedTC'>): boolean {
  return row.termsAndConditions || row.skillsBasedTC || row.abridgedTC || row.hostedTC
}

export function termsKindOf(row: PromotionRow): 'chance' | 'skill' {
  return fullTermsKind(row)
}

/** The promotion's skill T&C credit option (null: none chosen, the $150 list price). */
export function skillOptionOf(row: Pick<PromotionRow, 'skillsTcPaymentOption'>): SkillTcPaymentOption | null {
  return isSkillTcPaymentOption(row.skillsTcPaymentOption) ? row.skillsTcPaymentOption : null
}

export type SkillEditWindow = { purchasedAt: Date | null; ends: Date | null; open: boolean }

/**
 * skillsBasedTCEditWindow (decision record 014): after the skill T&Cs are bought (their first
 * invoice paid) the customer may regenerate or amend them for the chosen credit option's days
 * (150: 30, 250: 90, 1000: 365). Before the purchase nothing is fixed yet, so the window is open.
 * Null for a promotion whose full terms are not skill terms.
 */
export async function skillEditWindow(db: DbOrTx, row: PromotionRow, now: Date): Promise<SkillEditWindow | null> {
  if (termsKindOf(row) !== 'skill') return null
  const purchasedAt = await findFirstPaymentAt(db, row.id)
  if (!purchasedAt) return { purchasedAt: null, ends: null, open: true }
  const ends = skillTcEditWindowEnds(purchasedAt, skillOptionOf(row))
  return { purchasedAt, ends, open: now.getTime() <= ends.getTime() }
}

/** A customer's amendment of a bought skill-based promotion after its edit window: refused (staff may). */
export async function assertSkillAmendable(db: DbOrTx, actor: Owner, row: PromotionRow, now: Date): Promise<void> {
  if (actor.isStaff || !row.skillsBasedTC) return
  const window = await skillEditWindow(db, row, now)
  if (window && !window.open) throw new AppError('CONFLICT', MSG_SKILL_TC_AMEND_WINDOW_CLOSED, { modelState: { '': [MSG_SKILL_TC_AMEND_WINDOW_CLOSED] } })
}

/** Short, unguessable, permanent: 10 characters of base62 (about 59 bits). */
export function newLinkCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
  const bytes = crypto.randomBytes(10)
  let code = ''
  for (const b of bytes) code += alphabet[b % alphabet.length]
  return code
}

export async function ensureLink(db: DbOrTx, promotionId: number): Promise<string> {
  return (await findLink(db, promotionId)) ?? insertLink(db, promotionId, newLinkCode())
}

/** The hosted page's address: on the first T&C short-code host when configured, else the public URL. */
export function hostedUrlFor(config: Pick<Config, 'PUBLIC_URL' | 'HOSTED_TERMS_HOSTS'>, code: string): string {
  const host = config.HOSTED_TERMS_HOSTS?.[0]
  const base = host ? `${new URL(config.PUBLIC_URL).protocol}//${host}` : config.PUBLIC_URL
  return `${base}/t/${code}/`
}
