import type { Payload } from 'payload'
import { SEED_TERMS_CLAUSES } from '@permitdesk/shared'
import { richText } from './content/lexical'
import { seedLogos, seedNews, seedPages, seedReviews, seedSettings, seedSupportItems } from './content/seed-data'

/** Seeding must not queue site rebuilds: the start builds the site once, after the export. */
const context = { skipSiteRebuild: true }

/**
 * Demo content, loaded once: each part checks whether it is already there, so a restart (or two
 * servers starting together, which the gateway serialises) never duplicates it, and content
 * staff have edited or deleted is not brought back (the global records that the seed ran).
 */
export async function seedContent(payload: Payload) {
  const settings = (await payload.findGlobal({ slug: 'site-settings', overrideAccess: true })) as Record<string, unknown>
  if (!settings.legalName) {
    await payload.updateGlobal({
      slug: 'site-settings',
      data: { ...seedSettings, productName: (settings.productName as string) || seedSettings.productName },
      overrideAccess: true,
      context,
    })
  }

  for (const page of seedPages) {
    const existing = await payload.find({ collection: 'pages', where: { key: { equals: page.key } }, limit: 1, draft: true, overrideAccess: true })
    if (existing.totalDocs === 0) await payload.create({ collection: 'pages', data: { ...page, _status: 'published' } as never, overrideAccess: true, context })
  }

  for (const article of seedNews) {
    const existing = await payload.find({ collection: 'news', where: { slug: { equals: article.slug } }, limit: 1, draft: true, overrideAccess: true })
    if (existing.totalDocs === 0)
      await payload.create({ collection: 'news', data: { ...article, _status: 'published' } as never, overrideAccess: true, context })
  }

  if ((await payload.count({ collection: 'support-items', overrideAccess: true })).totalDocs === 0) {
    let order = 0
    for (const item of seedSupportItems) {
      await payload.create({ collection: 'support-items', data: { ...item, order: (order += 10) }, overrideAccess: true, context })
    }
  }

  if ((await payload.count({ collection: 'reviews', overrideAccess: true })).totalDocs === 0) {
    const logoIds: Record<string, number | string> = {}
    for (const [key, { alt, svg }] of Object.entries(seedLogos)) {
      const data = Buffer.from(svg)
      const media = await payload.create({
        collection: 'media',
        data: { alt },
        file: { data, mimetype: 'image/svg+xml', name: `review-logo-${key}.svg`, size: data.length },
        overrideAccess: true,
        context,
      })
      logoIds[key] = media.id
    }
    for (const { logoKey, ...review } of seedReviews) {
      await payload.create({ collection: 'reviews', data: { ...review, logo: logoKey ? (logoIds[logoKey] as number) : null }, overrideAccess: true, context })
    }
  }

  // Issue 14: the T&C clause library, once (staff edit or delete clauses afterwards).
  if ((await payload.count({ collection: 'terms-clauses', overrideAccess: true })).totalDocs === 0) {
    for (const clause of SEED_TERMS_CLAUSES) {
      const conditions = clause.conditions ?? {}
      await payload.create({
        collection: 'terms-clauses',
        data: {
          key: clause.key,
          order: clause.order,
          title: clause.title,
          body: richText(...clause.paragraphs),
          kinds: [...clause.kinds],
          complianceNote: clause.complianceNote ?? null,
          conditions: { ...conditions, prizeTier: conditions.prizeTier ? String(conditions.prizeTier) : null },
        } as never,
        overrideAccess: true,
        context,
      })
    }
  }
}
