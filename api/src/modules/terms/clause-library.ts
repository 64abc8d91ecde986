import crypto from 'node:crypto'
import { parseClauseLibrary, SEED_TERMS_CLAUSES, termsStateRules, type TermsClause } from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findCmsClauses, saveLibrarySnapshot } from './terms.repository'

export type ClauseLibrary = { clauses: TermsClause[]; hash: string }

/** A stable hash of a library snapshot: the revision a version records. */
export function libraryHash(clauses: readonly TermsClause[]): string {
  return crypto.createHash('sha256').update(JSON.stringify(clauses)).digest('hex').slice(0, 32)
}

/** The keys of the clauses that carry a statement some state requires (issue 28). */
const REQUIRED_STATEMENT_KEYS = new Set(Object.values(termsStateRules().statements).flatMap((list) => (list ?? []).map((s) => s.clause)))

/**
 * The clause library now: the CMS's clauses, or the seed library while the CMS holds none. A
 * clause carrying a statement a state requires that the CMS lacks (deleted, or added to the seed
 * after the CMS was seeded) is taken from the seed: editors may reword it, not drop it. The
 * snapshot is kept under its hash so a version can always be traced to the clauses it used.
 */
export async function loadClauseLibrary(db: DbOrTx): Promise<ClauseLibrary> {
  const fromCms = parseClauseLibrary(await findCmsClauses(db))
  const seed = parseClauseLibrary(SEED_TERMS_CLAUSES)
  const present = new Set(fromCms.map((c) => c.key))
  const clauses = fromCms.length ? [...fromCms, ...seed.filter((c) => REQUIRED_STATEMENT_KEYS.has(c.key) && !present.has(c.key))] : seed
  const hash = libraryHash(clauses)
  await saveLibrarySnapshot(db, hash, clauses)
  return { clauses, hash }
}
