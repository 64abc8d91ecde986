/**
 * Writes the T&C review set (issue 28) to docs/terms-examples/: each example's HTML page and its
 * PDF, printed the way the API prints T&Cs (PdfService, Chromium). The HTML is what
 * tests/integration/terms-examples.int.test.ts compares; the PDFs are for reading, so they are
 * regenerated here rather than compared byte for byte.
 *
 *   node --import tsx scripts/terms-examples.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { PdfService } from '../api/src/pdf/pdf-service'
import { REVIEW_SET, reviewIndex, reviewPage } from '../tests/factories/terms-review-set'

const dir = path.resolve(import.meta.dirname, '../docs/terms-examples')
fs.mkdirSync(dir, { recursive: true })
const pdf = new PdfService({ chromiumPath: process.env.CHROMIUM_PATH, poolSize: 1 })
try {
  for (const example of REVIEW_SET) {
    const html = reviewPage(example)
    fs.writeFileSync(path.join(dir, `${example.slug}.html`), html)
    fs.writeFileSync(path.join(dir, `${example.slug}.pdf`), await pdf.render(html))
    console.log(`wrote ${example.slug}.html and .pdf`)
  }
  fs.writeFileSync(path.join(dir, 'README.md'), reviewIndex())
} finally {
  await pdf.close()
}
