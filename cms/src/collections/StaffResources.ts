import path from 'node:path'
import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access'

/** The groups of the staff resources screen, in its order. */
export const STAFF_RESOURCE_CATEGORIES = [
  { label: 'Regulators', value: 'regulators' },
  { label: 'Forms and templates', value: 'forms' },
  { label: 'Guides and procedures', value: 'guides' },
  { label: 'Internal', value: 'internal' },
] as const

/** A link must be an absolute http(s) address (or a path on this site). */
export function validateResourceUrl(value: unknown, kind: unknown): true | string {
  if (kind !== 'link') return true
  if (typeof value !== 'string' || value.trim() === '') return 'Please enter the address of the link.'
  if (/^https?:\/\/[^\s]+$/i.test(value.trim()) || /^\/(?!\/)\S*$/.test(value.trim())) return true
  return 'Please enter an address starting with https:// (or a path on this site starting with /).'
}

/**
 * Documents for staff only (issue 13 resources/): procedures, regulator forms, templates. Not
 * public: read needs a CMS user (staff), and Payload serves the file at
 * /cms-api/staff-documents/file/{filename} after that check. Kept under DATA_DIR/staff-documents.
 */
export const createStaffDocuments = (mediaDir: string): CollectionConfig => ({
  slug: 'staff-documents',
  admin: { group: 'Staff', useAsTitle: 'filename', description: 'Files linked from the staff console’s Resources screen (staff only).' },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  upload: {
    staticDir: path.join(path.dirname(path.resolve(mediaDir)), 'staff-documents'),
    mimeTypes: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'text/plain',
      'text/csv',
      'image/png',
      'image/jpeg',
    ],
  },
  fields: [],
})

/**
 * Links and documents for staff (issue 13 resources/), edited here and listed by the staff
 * console's Resources screen (GET /api/admin/getResources reads cms.staff_resources).
 */
export const StaffResources: CollectionConfig = {
  slug: 'staff-resources',
  labels: { singular: 'Staff resource', plural: 'Staff resources' },
  admin: {
    group: 'Staff',
    useAsTitle: 'title',
    defaultColumns: ['title', 'category', 'kind', 'order'],
    description: 'Links and documents shown on the staff console’s Resources screen.',
  },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: 'order',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'category', type: 'select', required: true, defaultValue: 'guides', options: [...STAFF_RESOURCE_CATEGORIES] },
    {
      name: 'kind',
      type: 'radio',
      required: true,
      defaultValue: 'link',
      options: [
        { label: 'Link', value: 'link' },
        { label: 'Document', value: 'document' },
      ],
    },
    {
      name: 'url',
      type: 'text',
      label: 'Address',
      admin: { condition: (_, sibling) => sibling?.kind === 'link' },
      validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) => validateResourceUrl(value, siblingData?.kind),
    },
    {
      name: 'document',
      type: 'upload',
      relationTo: 'staff-documents',
      admin: { condition: (_, sibling) => sibling?.kind === 'document' },
      validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) =>
        siblingData?.kind !== 'document' || value ? true : 'Please choose the document.',
    },
    { name: 'description', type: 'textarea' },
    { name: 'order', type: 'number', defaultValue: 0, admin: { description: 'Lower numbers first within a category.' } },
  ],
}
