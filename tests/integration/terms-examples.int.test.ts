/**
 * Issue 28: the T&C review set. Each of the twelve promotions generates its terms from the seed
 * library; the text must pass the text check and equal the HTML committed in
 * docs/terms-examples/, so any wording change shows up in review as a diff of those files.
 * After a deliberate change: TERMS_EXAMPLES_UPDATE=1 (rewrites the HTML and the index), then
 * `node --import tsx scripts/terms-examples.ts` for the PDFs.
 */
import fs from 'node:fs'
import path from 'node:path'
import { checkTermsDocument, termsDocumentText } from '@permitdesk/shared'
import { describe, expect, it } from 'vitest'
import { REVIEW_SET, reviewDocuments, reviewIndex, reviewPage } from '../factories/terms-review-set'

const DIR = path.resolve(import.meta.dirname, '../../docs/terms-examples')
const update = process.env.TERMS_EXAMPLES_UPDATE === '1'

describe('the T&C review set (docs/terms-examples)', () => {
  it('covers what the issue asks for', () => {
    expect(REVIEW_SET).toHaveLength(12)
    const kinds = new Set(REVIEW_SET.map((e) => e.kind))
    expect(kinds).toEqual(new Set(['chance', 'skill']))
    expect(REVIEW_SET.some((e) => e.abridged)).toBe(true)
    expect(REVIEW_SET.some((e) => e.source.randomDraw)).toBe(true)
    expect(REVIEW_SET.some((e) => e.source.permit?.scrutineerName)).toBe(true)
    expect(REVIEW_SET.some((e) => e.source.includeNz && (e.source.ausStates as { all?: boolean }).all)).toBe(true)
  })

  for (const example of REVIEW_SET) {
    it(`${example.slug}: clean text, every statement its states require, and the committed HTML`, () => {
      for (const doc of reviewDocuments(example)) expect(checkTermsDocument(doc, { ausStates: example.source.ausStates })).toEqual([])
      const file = path.join(DIR, `${example.slug}.html`)
      const html = reviewPage(example)
      if (update) fs.mkdirSync(DIR, { recursive: true }), fs.writeFileSync(file, html)
      expect(fs.existsSync(file), `${file} is missing: run with TERMS_EXAMPLES_UPDATE=1 and commit it`).toBe(true)
      expect(html).toBe(fs.readFileSync(file, 'utf8'))
    })
  }

  it('the index lists every example', () => {
    const file = path.join(DIR, 'README.md')
    if (update) fs.writeFileSync(file, reviewIndex())
    expect(reviewIndex()).toBe(fs.readFileSync(file, 'utf8'))
  })
})

describe('the review set reads as the facts say', () => {
  const text = (slug: string) => reviewPage(REVIEW_SET.find((e) => e.slug.startsWith(slug))!)
  it('the provider conducts a bought draw; the promoter its own; a scrutineer supervises where named', () => {
    expect(text('02')).toContain('The draw is conducted by PermitDesk on behalf of the promoter')
    expect(text('01')).toContain('The draw is conducted by the promoter in a way that gives every entry an equal chance of being drawn.')
    expect(text('04')).toContain('under the supervision of Harper &amp; Lowe Chartered Accountants, an independent scrutineer')
    expect(text('06')).toMatch(/PermitDesk on behalf of the promoter.*under the supervision of Mara Singh of Singh Audit Services/)
  })
  it('the agency’s client is the promoter; the agency only hosts the draw', () => {
    const agency = text('08')
    expect(agency).toContain('The promoter of Fresh start back to school is Fresh Start Stationery Pty Ltd (ABN 44 555 666 777)')
    expect(agency).toContain('at Brightside Promotions (agency for Fresh Start), 22 Smith Street, Fitzroy VIC 3065')
  })
  it('a game of skill has no draw, no unclaimed draw and no permits, also in its abridged form', () => {
    for (const slug of ['09', '10']) {
      const docs = reviewDocuments(REVIEW_SET.find((e) => e.slug.startsWith(slug))!)
      expect(docs.map((d) => d.kind)).toEqual(slug === '10' ? ['skill', 'abridged'] : ['skill'])
      for (const doc of docs) expect(termsDocumentText(doc)).not.toMatch(/drawn|unclaimed prize draw|\bpermits?\b/i)
    }
  })
})
