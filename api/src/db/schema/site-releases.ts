import { bigint, integer, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'

/**
 * The built public site, published to shared storage (issue 18): each successful build is a
 * release whose files live under `site/releases/{key}/` in FileStorage. The newest row is the
 * "current build" pointer every process serves; inserting one notifies them all (`site_release`).
 */
export const siteReleases = app.table('site_releases', {
  id: serial('id').primaryKey(),
  /** The storage folder of this release's files (`site/releases/{key}/`), with its manifest.json. */
  key: text('key').notNull().unique(),
  /** What it was built from (sources and content), so a starting process can skip an identical build. */
  fingerprint: text('fingerprint').notNull(),
  files: integer('files').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  reason: text('reason').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
