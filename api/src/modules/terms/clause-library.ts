import crypto from 'node:crypto'
import { parseClauseLibrary, SEED_TERMS_CLAUSES, type TermsClause } from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findCmsClauses, saveLibrarySnapshot } from './terms.repository'

export type ClauseLibrary = { clauses: TermsClause[]; hash: string }

/** A stable hash of a library snapshot: the revision a version records. */
export function libraryHash(clauses: readonly TermsClause[]): string {
  return crypto.createHash('sha256').update(JSON.stringify(clauses)).digest('hex').slice(0, 32)
}

/**
 * The clause library now: the CMS's clauses, or the seed library while the CMS holds none. The
 * snapshot is kept under its hash so a version can always be traced to the clauses it used.
 */
export async function loadClauseLibrary(db: DbOrTx): Promise<ClauseLibrary> {
  const fromCms = parseClauseLibrary(await findCmsClauses(db))
  const clauses = fromCms.length ? fromCms : parseClauseLibrary(SEED_TERMS_CLAUSES)
  const hash = libraryHash(clauses)
  await saveLibrarySnapshot(db, hash, clauses)
  return { clauses, hash }
}
