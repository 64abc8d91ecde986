import crypto from 'node:crypto'
import { AppError, fullTermsKind, SKILLS_TC_EDIT_WINDOW_DAYS } from '@permitdesk/shared'
import type { Config } from '../../env'
import type { PromotionRow } from '../../db/schema/promotions'
import type { TermsVersionRow } from '../../db/schema/terms'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { findLink, insertLink } from './terms.repository'

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

/**
 * skillsBasedTCEditWindow (decision record 014): a skill promotion's T&Cs may be regenerated or
 * amended by the customer for {@link SKILLS_TC_EDIT_WINDOW_DAYS} days from the first version.
 */
export function skillsEditWindowEnds(versions: readonly TermsVersionRow[]): Date | null {
  const first = versions[0]
  return first ? new Date(first.createdAt.getTime() + SKILLS_TC_EDIT_WINDOW_DAYS * 86_400_000) : null
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
