import fs from 'node:fs'
import { DEFAULT_PRODUCT_NAME, type SiteContent } from '@permitdesk/shared/site-content'

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
export const productName = content.settings.productName

/** The spec's page title: the route title, then ' · ', then the product name. */
export function pageTitle(title: string): string {
  return `${title} · ${productName}`
}
