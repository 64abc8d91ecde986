/**
 * Exports the published CMS content for a site rebuild, without migrating or seeding (the api's
 * site-rebuild worker runs it after a publish):
 *   node --import tsx cms/scripts/export-content.ts --export <file>
 */
import { getPayload } from 'payload'
import config from '../src/payload.config'
import { writeSiteContent } from '../src/content/write'

const exportIndex = process.argv.indexOf('--export')
const exportFile = exportIndex === -1 ? undefined : process.argv[exportIndex + 1]
if (!exportFile) {
  console.error('usage: export-content.ts --export <file>')
  process.exit(2)
}

const payload = await getPayload({ config })
try {
  await writeSiteContent(payload, exportFile)
} finally {
  await payload.destroy()
}
process.exit(0)
