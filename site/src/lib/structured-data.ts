import type { ReviewContent, SiteContent } from '@permitdesk/shared/site-content'
import { BUSINESS_HOURS } from '@permitdesk/shared/constants'
import { LABEL_PRICE_RANGE } from '@permitdesk/shared/messages'
import { reviewTimeToMs } from '@permitdesk/shared/format/relative-time'
import { aggregateReviews } from '@permitdesk/shared/format/reviews'

/**
 * Search-engine structured data (000 §2 "Structured data", §3): one LegalService with the
 * business details, the aggregate rating, the reviews and the service entities chosen by path.
 *
 * The spec's client decided at run time by host; a static site decides per path at build time:
 * - the root and any review path carry the LegalService (production and local hosts alike);
 * - a permit, random-draw, terms-and-conditions or game-of-skill path carries it with its own
 *   service; a game-of-chance path and the root carry all three services;
 * - other paths carry none.
 */
export type ServiceKey = 'permits' | 'random-draws' | 'terms-and-conditions'

export function servicesForPath(path: string): ServiceKey[] | undefined {
  const p = path.toLowerCase()
  if (p === '/' || p.includes('game-of-chance')) return ['permits', 'random-draws', 'terms-and-conditions']
  if (p.includes('review')) return []
  if (p.includes('permit')) return ['permits']
  if (p.includes('random-draw')) return ['random-draws']
  if (p.includes('terms-and-conditions') || p.includes('competition/terms') || p.includes('game-of-skill')) return ['terms-and-conditions']
  return undefined
}

const SERVICE_DESCRIPTIONS: Record<ServiceKey, { name: string; description: string; path: string }> = {
  permits: {
    name: 'Trade promotion lottery permits',
    description: 'Preparation and lodgement of trade promotion lottery permit applications in NSW, the ACT and SA.',
    path: '/competition-permits/',
  },
  'random-draws': { name: 'Electronic random prize draws', description: 'Independent electronic prize draws with a draw certificate.', path: '/random-draws/' },
  'terms-and-conditions': {
    name: 'Competition terms and conditions',
    description: 'Terms and conditions drafted for games of chance and games of skill.',
    path: '/competition-terms-and-conditions/',
  },
}

const isoDate = (review: ReviewContent) => new Date(reviewTimeToMs(review.time)).toISOString().slice(0, 10)

/** The JSON-LD document for a path, or undefined when the path carries none. */
export function structuredDataFor(path: string, content: SiteContent, origin: string, reviews: ReviewContent[]): object | undefined {
  const services = servicesForPath(path)
  if (!services) return undefined
  const s = content.settings
  // Computed from the reviews shown (issue 25), never a configured figure beside them.
  const figures = aggregateReviews(reviews)
  return {
    '@context': 'https://schema.org',
    '@type': 'LegalService',
    '@id': `${origin}/#organization`,
    name: s.productName,
    legalName: s.legalName,
    url: `${origin}/`,
    logo: s.logoUrl ? new URL(s.logoUrl, origin).toString() : `${origin}/favicon.svg`,
    image: s.logoUrl ? new URL(s.logoUrl, origin).toString() : `${origin}/favicon.svg`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: s.address?.streetAddress,
      addressLocality: s.address?.locality,
      addressRegion: s.address?.region,
      postalCode: s.address?.postalCode,
      addressCountry: s.address?.country ?? 'AU',
    },
    telephone: s.phones?.[0],
    contactPoint: (s.phones ?? []).map((telephone) => ({
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone,
      email: s.email,
      areaServed: 'AU',
    })),
    email: s.email,
    hasMap: s.mapUrl,
    priceRange: LABEL_PRICE_RANGE,
    areaServed: 'AU',
    sameAs: (s.socialLinks ?? []).map((link) => link.url),
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: [...BUSINESS_HOURS.days],
      opens: s.businessHours?.opens ?? BUSINESS_HOURS.opens,
      closes: s.businessHours?.closes ?? BUSINESS_HOURS.closes,
    },
    aggregateRating: figures
      ? { '@type': 'AggregateRating', ratingValue: figures.ratingValue.toFixed(1), reviewCount: figures.reviewCount, bestRating: 5, worstRating: 1 }
      : undefined,
    review: reviews.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.authorName },
      publisher: { '@type': 'Organization', name: review.companyName },
      datePublished: isoDate(review),
      description: review.text ?? '',
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
    makesOffer: services.map((key) => ({
      '@type': 'Offer',
      itemOffered: {
        '@type': 'Service',
        name: SERVICE_DESCRIPTIONS[key].name,
        description: SERVICE_DESCRIPTIONS[key].description,
        url: `${origin}${SERVICE_DESCRIPTIONS[key].path}`,
        areaServed: 'AU',
        provider: { '@id': `${origin}/#organization` },
      },
    })),
  }
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the script. */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
