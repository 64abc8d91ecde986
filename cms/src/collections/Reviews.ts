import type { CollectionConfig } from 'payload'
import { anyone, isContentEditor } from '../access'
import { rebuildOnDelete, rebuildOnPublish } from '../hooks/request-site-rebuild'

/** Customer reviews with the spec's positional fields (000 §3 "Review"), newest first. */
export const Reviews: CollectionConfig = {
  slug: 'reviews',
  admin: { group: 'Content', useAsTitle: 'authorName', defaultColumns: ['authorName', 'companyName', 'rating', 'time'] },
  access: { read: anyone, create: isContentEditor, update: isContentEditor, delete: isContentEditor },
  defaultSort: '-time',
  hooks: { afterChange: [rebuildOnPublish], afterDelete: [rebuildOnDelete] },
  fields: [
    { name: 'authorId', type: 'text', required: true, label: 'Author id (maps-service contributor id)' },
    {
      name: 'time',
      type: 'number',
      required: true,
      admin: { description: 'Epoch time of the review: seconds, or milliseconds when more than 10 digits.' },
    },
    { name: 'rating', type: 'number', required: true, min: 1, max: 5, defaultValue: 5 },
    { name: 'authorName', type: 'text', required: true },
    { name: 'jobTitle', type: 'text' },
    { name: 'companyName', type: 'text', required: true },
    { name: 'logo', type: 'upload', relationTo: 'media', label: 'Company logo' },
    { name: 'companyUrl', type: 'text', label: 'Company URL' },
    { name: 'text', type: 'textarea', label: 'Review text (may be empty)' },
  ],
}
