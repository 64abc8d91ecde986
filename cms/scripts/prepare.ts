/**
 * Run by the gateway at start, once, under its PostgreSQL advisory lock: applies the committed
 * Payload migrations, loads the seed content once, and exports the published content the static site is built from.
 *   node --import tsx cms/scripts/prepare.ts --export <file>
 */
import { randomBytes } from 'node:crypto'
import { getPayload } from 'payload'
import config from '../src/payload.config'
import { migrations } from '../src/migrations'
import { writeSiteContent } from '../src/content/write'
import { seedContent } from '../src/seed'
import { CMS_IDENTITY_CONTEXT } from '../src/auth/permitdesk-session'

const exportIndex = process.argv.indexOf('--export')
const exportFile = exportIndex === -1 ? undefined : process.argv[exportIndex + 1]

const payload = await getPayload({ config })
try {
  // The generated migrations are typed for db-postgres; the adapter-neutral signature takes unknown args.
  await payload.db.migrate({
    migrations: migrations as unknown as Parameters<typeof payload.db.migrate>[0] extends infer A ? (A extends { migrations?: infer M } ? M : never) : never,
  })
  await seedContent(payload)

  // No CMS password for ADMIN_EMAIL (issue 24): the administrator signs in to PermitDesk and opens
  // the CMS with that session; a CMS account of its own would outlive a removed role.

  // With no account at all Payload offers "create the first user" to whoever comes first, which
  // on a public server is anyone. A placeholder that cannot sign in closes that door; staff get
  // their access from ADMIN_EMAIL (or the staff accounts of the API).
  const anyUser = await payload.count({ collection: 'users', overrideAccess: true })
  if (anyUser.totalDocs === 0) {
    await payload.create({
      collection: 'users',
      data: { email: 'no-login@permitdesk.invalid', password: randomBytes(48).toString('base64url'), name: 'Placeholder (cannot sign in)' },
      overrideAccess: true,
      context: { [CMS_IDENTITY_CONTEXT]: true },
    })
  }

  if (exportFile) await writeSiteContent(payload, exportFile)
} finally {
  await payload.destroy()
}
process.exit(0)
