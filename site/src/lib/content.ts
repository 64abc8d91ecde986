import fs from 'node:fs'
import { DEFAULT_PRODUCT_NAME, type PageContent, type SiteContent } from '@permitdesk/shared/site-content'
import { PAGE_TITLE_SEPARATOR } from '@permitdesk/shared/messages'

/**
 * The CMS content snapshot the gateway exports before a build (SITE_CONTENT_FILE). Without one
 * (a bare `astro dev`), the site builds from defaults so it can be worked on alone.
 */
function loadContent(): SiteContent {
  const file = process.env.SITE_CONTENT_FILE
  if (file && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as SiteContent
  return { generatedAt: new Date(0).toISOString(), settings: { productName: DEFAULT_PRODUCT_NAME } }
}

export const content = loadContent()
export const settings = content.settings
export const productName = settings.productName || DEFAULT_PRODUCT_NAME

/** The spec's page title: the route title, then ' · ', then the product name. */
export function pageTitle(title: string): string {
  return `${title}${PAGE_TITLE_SEPARATOR}${productName}`
}

/** A page's CMS content, or a plain fallback so the route still renders before anything is published. */
export function getPage(key: string, fallbackTitle: string): PageContent {
  return content.pages?.find((page) => page.key === key) ?? { key, title: fallbackTitle, heading: fallbackTitle, blocks: [] }
}

export const news = content.news ?? []
export const supportItems = content.supportItems ?? []
export const reviews = content.reviews ?? []

/** Reviews the widget may show: not by a disabled author (000 §2). */
export const visibleReviews = reviews.filter((review) => !(settings.disabledAuthors ?? []).includes(review.authorId))

export { formatDate } from '@permitdesk/shared/format/date'
