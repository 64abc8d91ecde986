import type { CollectionConfig } from 'payload'
import { isContentEditor, publishedOrEditor } from '../access'
import { rebuildOnDelete, rebuildOnPublish } from '../hooks/request-site-rebuild'

/** The fixed marketing pages; each key is one route of the site (000 §2). */
export const PAGE_KEYS = [
  'home',
  'about',
  'privacy',
  'terms',
  'competition-permits',
  'competition-terms-and-conditions',
  'random-draws',
  'agencies',
  'law-firms',
  'contact',
  'faqs',
  'news',
  'reviews',
] as const

/** Marketing pages made of content blocks. Drafts, publish, versions kept. */
export const Pages: CollectionConfig = {
  slug: 'pages',
  admin: { group: 'Content', useAsTitle: 'title', defaultColumns: ['title', 'key', '_status'] },
  access: { read: publishedOrEditor, create: isContentEditor, update: isContentEditor, delete: isContentEditor, readVersions: isContentEditor },
  versions: { drafts: true, maxPerDoc: 50 },
  hooks: { afterChange: [rebuildOnPublish], afterDelete: [rebuildOnDelete] },
  fields: [
    { name: 'title', type: 'text', required: true, admin: { description: 'The page title, shown as "{title} · {product name}".' } },
    {
      name: 'key',
      type: 'select',
      required: true,
      unique: true,
      options: PAGE_KEYS.map((key) => ({ label: key, value: key })),
      admin: { position: 'sidebar', description: 'Which route of the site this page is.' },
    },
    { name: 'heading', type: 'text', required: true },
    { name: 'intro', type: 'textarea' },
    { name: 'description', type: 'textarea', maxLength: 300, admin: { description: 'For search engines (meta description).' } },
    {
      name: 'blocks',
      type: 'blocks',
      blocks: [
        {
          slug: 'content',
          labels: { singular: 'Content', plural: 'Content' },
          fields: [
            { name: 'heading', type: 'text' },
            { name: 'body', type: 'richText', required: true },
          ],
        },
        {
          slug: 'features',
          labels: { singular: 'Feature list', plural: 'Feature lists' },
          fields: [
            { name: 'heading', type: 'text' },
            {
              name: 'items',
              type: 'array',
              fields: [
                { name: 'title', type: 'text', required: true },
                { name: 'text', type: 'textarea', required: true },
              ],
            },
          ],
        },
        {
          slug: 'callout',
          labels: { singular: 'Call to action', plural: 'Calls to action' },
          fields: [
            { name: 'heading', type: 'text', required: true },
            { name: 'text', type: 'textarea' },
            { name: 'linkLabel', type: 'text', required: true },
            { name: 'href', type: 'text', required: true },
          ],
        },
        {
          slug: 'prices',
          labels: { singular: 'Price table', plural: 'Price tables' },
          fields: [
            { name: 'heading', type: 'text' },
            {
              name: 'rows',
              type: 'array',
              fields: [
                { name: 'item', type: 'text', required: true },
                { name: 'price', type: 'text', required: true },
              ],
            },
          ],
        },
      ],
    },
  ],
}
