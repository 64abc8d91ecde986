import fs from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { ChromiumNotFoundError, findChromium } from './find-chromium'
import { PdfService } from './pdf-service'

const hasChromium = fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')

describe('findChromium', () => {
  it('refuses a CHROMIUM_PATH that does not exist, with a clear message', () => {
    expect(() => findChromium('/nowhere/chromium')).toThrow(ChromiumNotFoundError)
    expect(() => findChromium('/nowhere/chromium')).toThrow(/set CHROMIUM_PATH/)
  })
})

describe.runIf(hasChromium)('PdfService (real Chromium)', () => {
  const service = new PdfService({ poolSize: 2 })
  afterAll(() => service.close())

  it('prints HTML to a PDF', async () => {
    const pdf = await service.render('<!doctype html><html><body><h1>Permit application</h1><p>NSW, ACT</p></body></html>')
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf.length).toBeGreaterThan(1000)
  })

  it('prints more documents at once than it has pages, each one whole', async () => {
    const pdfs = await Promise.all(Array.from({ length: 5 }, (_, i) => service.render(`<!doctype html><h1>Document ${i}</h1>`)))
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('fetches nothing from the network while printing', async () => {
    const pdf = await service.render('<!doctype html><img src="http://tracker.example.invalid/pixel.png"><p>ok</p>')
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  })
})
