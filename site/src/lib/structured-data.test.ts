import { describe, expect, it } from 'vitest'
import type { SiteContent } from '@permitdesk/shared/site-content'
import { jsonLdScript, servicesForPath, structuredDataFor } from './structured-data'

const content: SiteContent = {
  generatedAt: '2026-01-01T00:00:00Z',
  settings: { productName: 'PermitDesk', phones: ['1300 000 000', '02 9000 0000'], reviewFigures: { ratingValue: 5, reviewCount: 123 } },
}
const review = {
  authorId: 'a',
  time: 1_600_000_000,
  rating: 5,
  authorName: 'A </script> B',
  jobTitle: null,
  companyName: 'Co',
  logo: null,
  companyUrl: null,
  text: 'Great',
}

describe('servicesForPath', () => {
  it('emits all three services on the root and on game-of-chance paths', () => {
    expect(servicesForPath('/')).toEqual(['permits', 'random-draws', 'terms-and-conditions'])
    expect(servicesForPath('/promotions/game-of-chance/')).toHaveLength(3)
  })
  it('emits the service of its own path', () => {
    expect(servicesForPath('/competition-permits/')).toEqual(['permits'])
    expect(servicesForPath('/random-draws/')).toEqual(['random-draws'])
    expect(servicesForPath('/competition-terms-and-conditions/')).toEqual(['terms-and-conditions'])
    expect(servicesForPath('/competition/terms/')).toEqual(['terms-and-conditions'])
    expect(servicesForPath('/promotions/game-of-skill/')).toEqual(['terms-and-conditions'])
  })
  it('emits the entity without services on review paths and nothing elsewhere', () => {
    expect(servicesForPath('/reviews/')).toEqual([])
    expect(servicesForPath('/about/')).toBeUndefined()
    expect(servicesForPath('/contact/')).toBeUndefined()
  })
})

describe('structuredDataFor', () => {
  it('describes the legal service, its aggregate rating computed from the reviews shown', () => {
    const data = structuredDataFor('/', content, 'https://example.com', [review, { ...review, authorId: 'b', rating: 4 }]) as Record<string, any>
    expect(data['@type']).toBe('LegalService')
    expect(data.priceRange).toBe('$150 - $245')
    expect(data.areaServed).toBe('AU')
    // Not the configured 5.0 from 123: the two reviews it shows.
    expect(data.aggregateRating).toMatchObject({ ratingValue: '4.5', reviewCount: 2 })
    expect(structuredDataFor('/', content, 'https://example.com', []) as Record<string, any>).toMatchObject({ aggregateRating: undefined })
    expect(data.openingHoursSpecification).toMatchObject({
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '08:00',
      closes: '18:00',
    })
    expect(data.contactPoint).toHaveLength(2)
    expect(data.review[0]).toMatchObject({
      author: { name: 'A </script> B' },
      publisher: { name: 'Co' },
      datePublished: '2020-09-13',
      reviewRating: { ratingValue: 5 },
    })
    expect(data.makesOffer).toHaveLength(3)
  })
  it('is undefined on paths without structured data', () => {
    expect(structuredDataFor('/privacy/', content, 'https://example.com', [])).toBeUndefined()
  })
  it('escapes < so the JSON cannot end its script element', () => {
    const json = jsonLdScript(structuredDataFor('/', content, 'https://example.com', [review])!)
    expect(json).not.toContain('</script>')
    expect(JSON.parse(json).review[0].author.name).toBe('A </script> B')
  })
})
