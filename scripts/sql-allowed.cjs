/**
 * Files that may run SQL (STYLE.md: "Only repositories write SQL"): repositories, the db folder,
 * migrations (the API's and the CMS's), and tests. Used by both halves of the boundary lint: the
 * import rule in .dependency-cruiser.cjs (drizzle-orm, pg) and the raw-SQL text check in
 * scripts/check-boundaries.mjs (`pool.query(…)`, `db.execute(…)`).
 */
const SQL_ALLOWED = [
  '\\.repository\\.ts$',
  '(^|/)api/src/db/',
  '(^|/)api/drizzle/',
  '(^|/)cms/src/migrations/',
  '\\.test\\.ts$',
  // Tests may seed and inspect the database directly (not the lint's own fixture).
  '^tests/(?!boundaries/)',
]

/**
 * Known exceptions of the raw-SQL check, each with its owner; a line goes once its query moves
 * into a repository:
 * - cms/src/auth/permitdesk-session.ts: the CMS's own reading of app.sessions (issue 24's, which
 *   is changing how the CMS sees a live session).
 */
const RAW_SQL_KNOWN_EXCEPTIONS = ['(^|/)cms/src/auth/permitdesk-session\\.ts$']

module.exports = { SQL_ALLOWED, RAW_SQL_KNOWN_EXCEPTIONS }
