/**
 * Writes site/public/downloads/nt-trade-promotion-lottery-application.pdf (committed, served by the
 * site). Run again after changing api/src/documents/nt-application-form.tsx:
 *   node --import tsx scripts/make-nt-form.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { renderNtApplicationForm } from '../api/src/documents/nt-application-form'
import { PdfService } from '../api/src/pdf/pdf-service'

const target = path.resolve(import.meta.dirname, '../site/public/downloads/nt-trade-promotion-lottery-application.pdf')
const service = new PdfService({ poolSize: 1 })
try {
  fs.mkdirSync(path.dirname(target), { recursive: true })
  fs.writeFileSync(target, await service.render(renderNtApplicationForm('PermitDesk')))
  console.log(`wrote ${path.relative(process.cwd(), target)}`)
} finally {
  await service.close()
}
