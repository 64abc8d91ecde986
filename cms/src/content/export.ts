import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import { safeHref, safeLinksInHtml } from '@permitdesk/shared/security/safe-href'
import type { Payload } from 'payload'
import type { NewsArticle, PageBlock, PageContent, ReviewContent, SiteContent, SupportItem } from '@permitdesk/shared/site-content'
import { DEFAULT_PRODUCT_NAME } from '@permitdesk/shared/site-content'

type Rich = Parameters<typeof convertLexicalToHTML>[0]['data']
// Links rendered from the CMS: only http, https, mailto and tel (issue 18).
const toHtml = (value: unknown): string =>
  value && typeof value === 'object' ? safeLinksInHtml(convertLexicalToHTML({ data: value as Rich, disableContainer: true })) : ''
const orUndefined = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined)

type MediaDoc = { url?: string | null; alt?: string; width?: number | null; height?: number | null; filename?: string | null }
/** Media are served by Payload at /cms-api/media/file/{name}, on the site's own origin. */
const mediaUrl = (media: unknown): string | null => {
  if (!media || typeof media !== 'object') return null
  const doc = media as MediaDoc
  return doc.filename ? `/cms-api/media/file/${encodeURIComponent(doc.filename)}` : null
}

const LIMIT = 1000

/** The published content the static site is built from, as one JSON document (see shared/src/site-content.ts). */
export async function exportSiteContent(payload: Payload): Promise<SiteContent> {
  const [settings, pages, news, supportItems, reviews] = await Promise.all([
    payload.findGlobal({ slug: 'site-settings', overrideAccess: true, depth: 1 }),
    payload.find({ collection: 'pages', where: { _status: { equals: 'published' } }, limit: LIMIT, depth: 1, overrideAccess: true }),
    payload.find({ collection: 'news', where: { _status: { equals: 'published' } }, sort: '-date', limit: LIMIT, depth: 1, overrideAccess: true }),
    payload.find({ collection: 'support-items', sort: 'order', limit: LIMIT, overrideAccess: true }),
    payload.find({ collection: 'reviews', sort: '-time', limit: LIMIT, depth: 1, overrideAccess: true }),
  ])
  const s = settings as Record<string, any>
  return {
    generatedAt: new Date().toISOString(),
    siteUrl: payload.config.serverURL || undefined,
    settings: {
      productName: s.productName || DEFAULT_PRODUCT_NAME,
      legalName: orUndefined(s.legalName),
      abn: orUndefined(s.abn),
      address: s.address
        ? {
            streetAddress: orUndefined(s.address.streetAddress),
            locality: orUndefined(s.address.locality),
            region: orUndefined(s.address.region),
            postalCode: orUndefined(s.address.postalCode),
            country: orUndefined(s.address.country) ?? 'AU',
          }
        : undefined,
      phones: [s.phone1, s.phone2].filter((phone): phone is string => Boolean(orUndefined(phone))),
      email: orUndefined(s.email),
      mapUrl: orUndefined(s.mapUrl),
      logoUrl: mediaUrl(s.logo) ?? undefined,
      socialLinks: (s.socialLinks ?? []).map((link: { label: string; url: string }) => ({ label: link.label, url: safeHref(link.url) })),
      businessHours: {
        days: s.businessHours?.days || 'Monday to Friday',
        opens: s.businessHours?.opens || '08:00',
        closes: s.businessHours?.closes || '18:00',
      },
      reviewFigures: { ratingValue: Number(s.reviewRating ?? 5), reviewCount: Number(s.reviewCount ?? 123) },
      bip: Boolean(s.bip),
      disabledAuthors: (s.disabledAuthors ?? []).map((entry: { authorId: string }) => entry.authorId),
      analyticsId: orUndefined(s.analyticsId),
      conversionId: orUndefined(s.conversionId),
      entryCollectionNotice: orUndefined(s.entryCollectionNotice),
    },
    pages: pages.docs.map((doc): PageContent => {
      const d = doc as Record<string, any>
      return {
        key: d.key,
        title: d.title,
        heading: d.heading,
        intro: orUndefined(d.intro),
        description: orUndefined(d.description),
        blocks: (d.blocks ?? []).map(toBlock).filter(Boolean) as PageBlock[],
      }
    }),
    news: news.docs.map((doc): NewsArticle => {
      const d = doc as Record<string, any>
      const image = d.image && typeof d.image === 'object' ? (d.image as MediaDoc) : undefined
      const url = mediaUrl(image)
      return {
        slug: d.slug,
        title: d.title,
        date: String(d.date).slice(0, 10),
        summary: d.summary,
        html: toHtml(d.body),
        image: url ? { url, alt: image?.alt ?? '', width: image?.width ?? undefined, height: image?.height ?? undefined } : undefined,
      }
    }),
    supportItems: supportItems.docs.map((doc): SupportItem => {
      const d = doc as Record<string, any>
      return { id: d.id, kind: d.kind, question: d.question, answer: d.answer, order: Number(d.order ?? 0) }
    }),
    reviews: reviews.docs.map((doc): ReviewContent => {
      const d = doc as Record<string, any>
      return {
        authorId: d.authorId,
        time: Number(d.time),
        rating: Number(d.rating),
        authorName: d.authorName,
        jobTitle: orUndefined(d.jobTitle) ?? null,
        companyName: d.companyName,
        logo: mediaUrl(d.logo),
        companyUrl: orUndefined(d.companyUrl) ?? null,
        text: typeof d.text === 'string' ? d.text : null,
      }
    }),
  }
}

function toBlock(block: Record<string, any>): PageBlock | undefined {
  switch (block.blockType) {
    case 'content':
      return { type: 'content', heading: orUndefined(block.heading), html: toHtml(block.body) }
    case 'features':
      return { type: 'features', heading: orUndefined(block.heading), items: (block.items ?? []).map((i: any) => ({ title: i.title, text: i.text })) }
    case 'callout':
      return { type: 'callout', heading: block.heading, text: orUndefined(block.text), linkLabel: block.linkLabel, href: safeHref(block.href) }
    case 'prices':
      return { type: 'prices', heading: orUndefined(block.heading), rows: (block.rows ?? []).map((r: any) => ({ item: r.item, price: r.price })) }
    default:
      return undefined
  }
}
