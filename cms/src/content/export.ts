import type { Payload } from 'payload'
import type { SiteContent } from '@permitdesk/shared/site-content'

/** The published content the static site is built from, as one JSON document (see shared/src/site-content.ts). */
export async function exportSiteContent(payload: Payload): Promise<SiteContent> {
  const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true })
  return {
    generatedAt: new Date().toISOString(),
    settings: { productName: settings.productName ?? 'PermitDesk' },
  }
}
