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
 * into a repository. None left (issue 31 moved the CMS's read of app.sessions into
 * cms/src/auth/sessions.repository.ts).
 */
const RAW_SQL_KNOWN_EXCEPTIONS = []

module.exports = { SQL_ALLOWED, RAW_SQL_KNOWN_EXCEPTIONS }
