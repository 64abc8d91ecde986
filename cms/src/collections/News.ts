import type { CollectionConfig } from 'payload'
import { isContentEditor, publishedOrEditor } from '../access'
import { rebuildOnDelete, rebuildOnPublish } from '../hooks/request-site-rebuild'

/** News articles: one page each under /news/{slug}/. Drafts, publish, versions kept. */
export const News: CollectionConfig = {
  slug: 'news',
  labels: { singular: 'News article', plural: 'News' },
  admin: { group: 'Content', useAsTitle: 'title', defaultColumns: ['title', 'date', '_status'] },
  access: { read: publishedOrEditor, create: isContentEditor, update: isContentEditor, delete: isContentEditor, readVersions: isContentEditor },
  versions: { drafts: true, maxPerDoc: 50 },
  defaultSort: '-date',
  hooks: { afterChange: [rebuildOnPublish], afterDelete: [rebuildOnDelete] },
  fields: [
    { name: 'title', type: 'text', required: true },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { position: 'sidebar', description: 'The address: /news/{slug}/. Lower-case letters, digits and dashes.' },
      validate: (value: unknown) =>
        typeof value === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) ? true : 'Use lower-case letters, digits and dashes only.',
    },
    { name: 'date', type: 'date', required: true, admin: { position: 'sidebar', date: { pickerAppearance: 'dayOnly' } } },
    { name: 'summary', type: 'textarea', required: true, maxLength: 400 },
    { name: 'body', type: 'richText', required: true },
    { name: 'image', type: 'upload', relationTo: 'media' },
  ],
}
