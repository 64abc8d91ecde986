import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig } from 'payload'
import sharp from 'sharp'
import { createMedia } from './collections/Media'
import { News } from './collections/News'
import { Pages } from './collections/Pages'
import { Reviews } from './collections/Reviews'
import { SiteBuilds } from './collections/SiteBuilds'
import { createStaffDocuments, StaffResources } from './collections/StaffResources'
import { SupportItems } from './collections/SupportItems'
import { TermsClauses } from './collections/TermsClauses'
import { Users } from './collections/Users'
import { readCmsEnv } from './env'
import { SiteSettings } from './globals/SiteSettings'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const env = readCmsEnv()

export default buildConfig({
  serverURL: env.PUBLIC_URL,
  routes: { admin: '/cms', api: '/cms-api', graphQL: '/graphql', graphQLPlayground: '/graphql-playground' },
  admin: {
    user: Users.slug,
    // Gravatar cannot load offline and leaks staff addresses to a third party.
    avatar: 'default',
    importMap: { baseDir: dirname },
    meta: { titleSuffix: ' · CMS' },
    // Issue 26: dates as the rest of the product shows them (en-AU, "12 Jan 2026, 3:15 pm": date-fns' `aaa` is the lower-case am/pm), in Sydney time.
    dateFormat: 'd MMM yyyy, h:mm aaa',
    timezones: { supportedTimezones: [{ label: 'Sydney (AEST/AEDT)', value: 'Australia/Sydney' }], defaultTimezone: 'Australia/Sydney' },
  },
  collections: [
    Pages,
    News,
    SupportItems,
    Reviews,
    createMedia(env.MEDIA_DIR),
    SiteBuilds,
    TermsClauses,
    StaffResources,
    createStaffDocuments(env.MEDIA_DIR),
    Users,
  ],
  globals: [SiteSettings],
  editor: lexicalEditor(),
  secret: env.PAYLOAD_SECRET,
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: false },
  graphQL: { disable: true },
  telemetry: false,
  db: postgresAdapter({
    pool: { connectionString: env.DATABASE_URL, max: 10 },
    schemaName: 'cms',
    // Never push: migrations are committed and run once per start under a lock (see NOTES).
    push: false,
    migrationDir: path.resolve(dirname, 'migrations'),
  }),
  sharp,
})
