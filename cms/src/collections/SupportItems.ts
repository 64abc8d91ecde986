import type { CollectionConfig } from 'payload'
import { anyone, isContentEditor } from '../access'
import { rebuildOnDelete, rebuildOnPublish } from '../hooks/request-site-rebuild'

export const SUPPORT_ITEM_KINDS = ['faq', 'howto', 'form-faq', 'promotion-list-faq'] as const

/**
 * FAQs, how-tos, form FAQs and promotion-list FAQs (001 §3 "support item"). The site shows the
 * FAQs and how-tos; the API's SupportItem calls read the same rows (table cms.support_items).
 * The answer is plain text so every reader can use it as is.
 */
export const SupportItems: CollectionConfig = {
  slug: 'support-items',
  labels: { singular: 'Support item', plural: 'Support items' },
  admin: { group: 'Content', useAsTitle: 'question', defaultColumns: ['question', 'kind', 'order'] },
  access: { read: anyone, create: isContentEditor, update: isContentEditor, delete: isContentEditor },
  defaultSort: 'order',
  hooks: { afterChange: [rebuildOnPublish], afterDelete: [rebuildOnDelete] },
  fields: [
    {
      name: 'kind',
      type: 'select',
      required: true,
      defaultValue: 'faq',
      options: [
        { label: 'FAQ', value: 'faq' },
        { label: 'How-to', value: 'howto' },
        { label: 'Form FAQ', value: 'form-faq' },
        { label: 'Promotion list FAQ', value: 'promotion-list-faq' },
      ],
    },
    { name: 'question', type: 'text', required: true },
    { name: 'answer', type: 'textarea', required: true, admin: { description: 'Plain text. A blank line starts a new paragraph.' } },
    { name: 'order', type: 'number', required: true, defaultValue: 0, admin: { description: 'Lower numbers come first.' } },
  ],
}
