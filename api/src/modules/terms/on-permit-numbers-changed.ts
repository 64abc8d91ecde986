import { checkTermsHtml, escapeHtml, MSG_TERMS_UPDATED_SUBJECT, permitNumbersText } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { insertChange } from '../changelog/changelog.repository'
import { applicationOf } from '../promotions/application-fields'
import { brandFor, layout } from '../../mail/templates'
import { ensureLink, hostedUrlFor, requirePromotion } from './terms-access'
import { findOwnerContact, findVersions, insertVersion, permitNumbersOf } from './terms.repository'

const STAFF: { userId: number; isStaff: boolean } = { userId: 0, isStaff: true }

/** Replaces the text of the permit-numbers clause in a version's HTML (full or abridged). */
export function withPermitNumbers(html: string, text: string): string | null {
  const escaped = escapeHtml(text)
  const full = /(<li id="clause-permit-numbers">\s*<h2>[^<]*<\/h2>\s*<p>)[^<]*(<\/p>)/
  if (full.test(html)) return html.replace(full, `$1${escaped}$2`)
  const abridged = /(<p data-clause="permit-numbers">)[^<]*(<\/p>)/
  if (abridged.test(html)) return html.replace(abridged, `$1${escaped}$2`)
  return null
}

/**
 * Called when staff save permit numbers (savePermitNumber). When the promotion's T&Cs are
 * approved, a new version carries the numbers and the customer is e-mailed the link. Only the
 * permit-numbers clause changes: the approved text (and the clause library it came from) stays,
 * so the new version counts as approved. Before approval the version awaiting approval gets the
 * numbers the same way, as a new version. Returns the new version number, or null when nothing
 * was generated (no T&Cs yet, or the numbers are already in).
 */
export async function onPermitNumbersChanged(
  deps: Pick<AppDeps, 'database' | 'config' | 'mailer' | 'logger'>,
  promotionId: number,
  now = new Date(),
): Promise<number | null> {
  const result = await deps.database.db.transaction(async (tx) => {
    const row = await requirePromotion(tx, STAFF, promotionId, { forUpdate: true })
    const versions = await findVersions(tx, row.id)
    const latest = versions[versions.length - 1]
    if (!latest) return null
    const text = permitNumbersText(applicationOf(row), permitNumbersOf(row))
    if (!text) return null
    const html = withPermitNumbers(latest.html, text)
    if (!html || html === latest.html) return null
    // Issue 28: the text check runs on this version too; a number that would not read cleanly
    // (typed with a stray mark) makes no version, and staff see the failure in the log.
    const defects = checkTermsHtml(html)
    if (defects.length) {
      deps.logger.warn('permit numbers: the T&C text check refused the new version', { promotionId, defects })
      return null
    }
    const abridgedHtml = latest.abridgedHtml ? (withPermitNumbers(latest.abridgedHtml, text) ?? latest.abridgedHtml) : null
    const approved = Boolean(latest.approvedAt)
    const version = await insertVersion(tx, {
      promotionId: row.id,
      kind: latest.kind,
      html,
      abridgedHtml,
      reason: 'permit-numbers',
      libraryHash: latest.libraryHash,
      createdBy: null,
      createdByStaff: true,
      approvedAt: approved ? now : null,
    })
    await insertChange(tx, {
      promotionId: row.id,
      userId: null,
      entity: 'promotion',
      entityId: row.id,
      action: 'terms-permit-numbers',
      changes: { termsVersion: { from: latest.number, to: version.number } },
    })
    return { row, version, approved, code: await ensureLink(tx, row.id) }
  })
  if (!result) return null
  if (result.approved) {
    const owner = await findOwnerContact(deps.database.db, result.row.userId)
    if (owner) {
      const brand = brandFor(deps.config)
      const url = hostedUrlFor(deps.config, result.code)
      const email = layout(brand, {
        subject: MSG_TERMS_UPDATED_SUBJECT,
        heading: MSG_TERMS_UPDATED_SUBJECT,
        paragraphs: [
          `Hi ${owner.firstName},`,
          `The permit numbers for ${result.row.name || 'your promotion'} have been added to its terms and conditions (version ${result.version.number}). The hosted terms now show them.`,
        ],
        action: { label: 'View the terms and conditions', url },
      })
      try {
        await deps.mailer.send({ to: owner.email, ...email })
      } catch (error) {
        deps.logger.warn('could not send the terms update e-mail', { promotionId, error: String(error) })
      }
    }
  }
  return result.version.number
}
