import {
  AppError,
  generateTermsDocument,
  MSG_TERMS_EDIT_WINDOW_CLOSED,
  MSG_TERMS_LOCKED,
  MSG_TERMS_NOT_PURCHASED,
  renderTermsHtml,
  type TermsClause,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import type { PromotionRow } from '../../db/schema/promotions'
import type { TermsVersionRow } from '../../db/schema/terms'
import { insertChange, type DbOrTx } from '../changelog/changelog.repository'
import { applicationOf } from '../promotions/application-fields'
import type { Owner } from '../promotions/promotions.repository'
import { loadClauseLibrary } from './clause-library'
import { ensureLink, hasTermsService, hostedUrlFor, requirePromotion, skillEditWindow, termsKindOf } from './terms-access'
import { findVersions, insertVersion, permitNumbersOf } from './terms.repository'

export type TermsDeps = Pick<AppDeps, 'database' | 'config'>

/** The full terms (and the abridged form when it is a service) of a promotion from a library. */
export function renderVersionHtml(row: PromotionRow, clauses: readonly TermsClause[], hostedUrl: string): { kind: 'chance' | 'skill'; html: string; abridgedHtml: string | null } {
  const source = applicationOf(row)
  const context = { permitNumbers: permitNumbersOf(row), hostedUrl }
  const kind = termsKindOf(row)
  const html = renderTermsHtml(generateTermsDocument(source, clauses, kind, context))
  const abridgedHtml = row.abridgedTC ? renderTermsHtml(generateTermsDocument(source, clauses, 'abridged', context)) : null
  return { kind, html, abridgedHtml }
}

/** Generates a new version from the clause library as it is now (inside the caller's transaction). */
export async function createGeneratedVersion(
  tx: DbOrTx,
  config: TermsDeps['config'],
  row: PromotionRow,
  actor: Owner | null,
  reason: 'generated' | 'permit-numbers',
): Promise<TermsVersionRow> {
  const library = await loadClauseLibrary(tx)
  const hostedUrl = hostedUrlFor(config, await ensureLink(tx, row.id))
  const rendered = renderVersionHtml(row, library.clauses, hostedUrl)
  return insertVersion(tx, {
    promotionId: row.id,
    ...rendered,
    reason,
    libraryHash: library.hash,
    createdBy: actor?.userId ?? null,
    createdByStaff: actor?.isStaff ?? false,
  })
}

/**
 * POST /api/terms/generate: a new numbered version from the promotion and the clause library.
 * Staff always; the owner while T&Cs are a service of the promotion and none is approved yet
 * (a skill promotion's owner also after approval, until skillsBasedTCEditWindow closes).
 */
export async function generateTerms(deps: TermsDeps, actor: Owner, promotionId: number, now = new Date()): Promise<TermsVersionRow> {
  return deps.database.db.transaction(async (tx) => {
    const row = await requirePromotion(tx, actor, promotionId, { forUpdate: true })
    if (!actor.isStaff) {
      if (!hasTermsService(row)) throw new AppError('CONFLICT', MSG_TERMS_NOT_PURCHASED)
      const versions = await findVersions(tx, row.id)
      if (versions.some((v) => v.approvedAt)) {
        const window = await skillEditWindow(tx, row, now)
        if (!window) throw new AppError('CONFLICT', MSG_TERMS_LOCKED)
        if (!window.open) throw new AppError('CONFLICT', MSG_TERMS_EDIT_WINDOW_CLOSED)
      }
    }
    const version = await createGeneratedVersion(tx, deps.config, row, actor, 'generated')
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: 'promotion',
      entityId: row.id,
      action: 'terms-generated',
      changes: { termsVersion: { from: version.number - 1 || null, to: version.number } },
    })
    return version
  })
}
