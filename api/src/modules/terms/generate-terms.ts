import {
  AppError,
  checkTermsDocument,
  generateTermsDocument,
  MSG_TERMS_EDIT_WINDOW_CLOSED,
  MSG_TERMS_LOCKED,
  MSG_TERMS_NOT_PURCHASED,
  MSG_TERMS_UNCHANGED,
  parseClauseLibrary,
  renderTermsHtml,
  ruleSetInForce,
  sydneyDateOf,
  termsStateRules,
  termsTextDefectMessage,
  isValidIsoDate,
  type RuleSet,
  type TermsClause,
  type TermsVersionReason,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import type { PromotionRow } from '../../db/schema/promotions'
import type { TermsVersionRow } from '../../db/schema/terms'
import { brandFor } from '../../mail/templates'
import { insertChange, type DbOrTx } from '../changelog/changelog.repository'
import { applicationOf } from '../promotions/application-fields'
import type { Owner } from '../promotions/promotions.repository'
import { findPublishedRuleSets } from '../rules/rules.repository'
import { loadClauseLibrary } from './clause-library'
import { ensureLink, hasTermsService, hostedUrlFor, requirePromotion, skillEditWindow, termsKindOf } from './terms-access'
import { findLibrarySnapshot, findVersions, insertVersion, permitNumbersOf } from './terms.repository'

export type TermsDeps = Pick<AppDeps, 'database' | 'config'>

type Rendered = { kind: 'chance' | 'skill'; html: string; abridgedHtml: string | null }

/**
 * The full terms (and the abridged form when it is a service) of a promotion from a library.
 * Refuses (400, naming the clause and the defect) a text the shared text check does not pass.
 */
export function renderVersionHtml(
  row: PromotionRow,
  clauses: readonly TermsClause[],
  hostedUrl: string,
  providerName?: string,
  published: readonly RuleSet[] = [],
): Rendered {
  const source = applicationOf(row)
  const kind = termsKindOf(row)
  // The state figures of the rule set in force when the promotion starts, staff publications
  // included (issue #30): a set published later changes newly generated terms, never a stored version.
  const start = [source.startDate, (row.permit as { startDate?: unknown } | null)?.startDate, row.startDate].find(isValidIsoDate)
  const stateRules = termsStateRules(ruleSetInForce(start ?? sydneyDateOf(new Date()), published))
  const context = { permitNumbers: permitNumbersOf(row), hostedUrl, providerName, fullKind: kind, stateRules }
  const full = generateTermsDocument(source, clauses, kind, context)
  const abridged = row.abridgedTC ? generateTermsDocument(source, clauses, 'abridged', context) : null
  const message = termsTextDefectMessage([
    ...checkTermsDocument(full, { ausStates: source.ausStates, stateRules }),
    ...(abridged ? checkTermsDocument(abridged) : []),
  ])
  if (message) throw new AppError('VALIDATION', message, { modelState: { '': [message] } })
  return { kind, html: renderTermsHtml(full), abridgedHtml: abridged ? renderTermsHtml(abridged) : null }
}

const sameText = (a: Rendered, b: Pick<TermsVersionRow, 'kind' | 'html' | 'abridgedHtml'>) =>
  a.kind === b.kind && a.html === b.html && (a.abridgedHtml ?? null) === (b.abridgedHtml ?? null)

/**
 * What caused a regeneration that changed the text: the latest version is rendered again from
 * its own library snapshot and today's application. If that still reads as it does, only the
 * library changed; if the library is the same, only the application (or its permit numbers).
 */
function reasonFor(latest: TermsVersionRow | undefined, libraryHash: string, sameAppOldLibrary: boolean | null): TermsVersionReason {
  if (!latest) return 'generated'
  if (latest.reason === 'staff-edit') return 'regenerated'
  if (latest.libraryHash === libraryHash) return 'application-change'
  return sameAppOldLibrary ? 'clause-library-change' : 'application-and-clause-library-change'
}

export type GeneratedVersion = { version: TermsVersionRow; created: boolean }

/**
 * Generates a version from the clause library as it is now (inside the caller's transaction).
 * Nothing changed since the latest version: no new version, the latest is answered.
 */
export async function createGeneratedVersion(tx: DbOrTx, config: TermsDeps['config'], row: PromotionRow, actor: Owner | null): Promise<GeneratedVersion> {
  const library = await loadClauseLibrary(tx)
  const hostedUrl = hostedUrlFor(config, await ensureLink(tx, row.id))
  const providerName = brandFor(config).productName
  const published = await findPublishedRuleSets(tx)
  const rendered = renderVersionHtml(row, library.clauses, hostedUrl, providerName, published)
  const versions = await findVersions(tx, row.id)
  const latest = versions[versions.length - 1]
  if (latest && sameText(rendered, latest)) return { version: latest, created: false }
  let sameAppOldLibrary: boolean | null = null
  if (latest?.libraryHash && latest.libraryHash !== library.hash && latest.reason !== 'staff-edit') {
    const old = await findLibrarySnapshot(tx, latest.libraryHash)
    if (old) {
      try {
        sameAppOldLibrary = sameText(renderVersionHtml(row, parseClauseLibrary(old), hostedUrl, providerName, published), latest)
      } catch {
        sameAppOldLibrary = false // the old library no longer makes clean text from today's application
      }
    }
  }
  const version = await insertVersion(tx, {
    promotionId: row.id,
    ...rendered,
    reason: reasonFor(latest, library.hash, sameAppOldLibrary),
    libraryHash: library.hash,
    createdBy: actor?.userId ?? null,
    createdByStaff: actor?.isStaff ?? false,
  })
  return { version, created: true }
}

/**
 * POST /api/terms/generate: a new numbered version from the promotion and the clause library.
 * Staff always; the owner while T&Cs are a service of the promotion and none is approved yet
 * (a skill promotion's owner also after approval, until skillsBasedTCEditWindow closes).
 * With nothing changed it answers the current version and says so (issue 28).
 */
export async function generateTerms(
  deps: TermsDeps,
  actor: Owner,
  promotionId: number,
  now = new Date(),
): Promise<{ versionNumber: number; created: boolean; message: string | null; reason: string }> {
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
    const { version, created } = await createGeneratedVersion(tx, deps.config, row, actor)
    if (!created) return { versionNumber: version.number, created, message: MSG_TERMS_UNCHANGED(version.number), reason: version.reason }
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: 'promotion',
      entityId: row.id,
      action: 'terms-generated',
      changes: { termsVersion: { from: version.number - 1 || null, to: version.number } },
    })
    return { versionNumber: version.number, created, message: null, reason: version.reason }
  })
}
