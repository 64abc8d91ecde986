import path from 'node:path'
import type { CollectionConfig } from 'payload'
import { anyone, isContentEditor } from '../access'
import { rebuildOnDelete, rebuildOnPublish } from '../hooks/request-site-rebuild'

/** Images for news, pages, the site logo and the review company logos. Stored under DATA_DIR/media. */
export const createMedia = (mediaDir: string): CollectionConfig => ({
  slug: 'media',
  admin: { group: 'Content', useAsTitle: 'filename' },
  access: { read: anyone, create: isContentEditor, update: isContentEditor, delete: isContentEditor },
  upload: {
    staticDir: path.resolve(mediaDir),
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'image/gif'],
  },
  hooks: { afterChange: [rebuildOnPublish], afterDelete: [rebuildOnDelete] },
  fields: [{ name: 'alt', type: 'text', required: true, label: 'Alternative text (read aloud by screen readers)' }],
})
