import sanitizeHtml from 'sanitize-html'
import { AppError, checkTermsHtml, MSG_TERMS_HTML_REQUIRED, termsTextDefectMessage } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { insertChange } from '../changelog/changelog.repository'
import type { Owner } from '../promotions/promotions.repository'
import { requirePromotion, termsKindOf } from './terms-access'
import { findLatestVersion, insertVersion } from './terms.repository'

/** The markup staff may use in a T&C version: structure and emphasis, no scripts, styles or links out. */
export function sanitizeTermsHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['article', 'section', 'h1', 'h2', 'h3', 'p', 'ol', 'ul', 'li', 'strong', 'em', 'b', 'i', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
    allowedAttributes: { article: ['class'], ol: ['class'], li: ['id'], p: ['data-clause'] },
    disallowedTagsMode: 'discard',
  }).trim()
}

/** POST /api/terms/saveVersion (staff): the edited text becomes a new version. */
export async function saveTermsVersion(deps: Pick<AppDeps, 'database'>, actor: Owner, promotionId: number, html: string) {
  const clean = sanitizeTermsHtml(html)
  if (!clean.replace(/<[^>]*>/g, '').trim()) throw new AppError('VALIDATION', MSG_TERMS_HTML_REQUIRED, { modelState: { html: [MSG_TERMS_HTML_REQUIRED] } })
  // Issue 28: a staff edit passes the same text check as a generated version.
  const defect = termsTextDefectMessage(checkTermsHtml(clean))
  if (defect) throw new AppError('VALIDATION', defect, { modelState: { html: [defect] } })
  return deps.database.db.transaction(async (tx) => {
    const row = await requirePromotion(tx, actor, promotionId, { forUpdate: true })
    const latest = await findLatestVersion(tx, row.id)
    const version = await insertVersion(tx, {
      promotionId: row.id,
      kind: latest?.kind ?? termsKindOf(row),
      html: clean,
      abridgedHtml: latest?.abridgedHtml ?? null,
      reason: 'staff-edit',
      libraryHash: latest?.libraryHash ?? null,
      createdBy: actor.userId,
      createdByStaff: true,
    })
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: 'promotion',
      entityId: row.id,
      action: 'terms-edited',
      changes: { termsVersion: { from: latest?.number ?? null, to: version.number } },
    })
    return version
  })
}
