import type { GlobalConfig } from 'payload'
import { anyone, isAdmin } from '../access'
import { rebuildOnGlobalChange } from '../hooks/request-site-rebuild'
import { COLLECTION_NOTICE_PLACEHOLDERS, unknownCollectionNoticePlaceholders } from '@permitdesk/shared/entries/collection-notice'

/** A placeholder the form cannot fill would reach entrants as braces: refused on save, named. */
export function validateCollectionNotice(value: string | null | undefined): true | string {
  const unknown = unknownCollectionNoticePlaceholders(value ?? '')
  return unknown.length === 0 ? true : `Unknown placeholder: ${unknown.map((key) => `{${key}}`).join(', ')}. Use only the placeholders listed in the help text.`
}

/** Site-wide settings the static site, its structured data and the e-mails read. */
export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  label: 'Site settings',
  admin: { group: 'Site' },
  access: { read: anyone, update: isAdmin },
  hooks: { afterChange: [rebuildOnGlobalChange] },
  fields: [
    {
      type: 'tabs',
      tabs: [
        {
          label: 'Business',
          fields: [
            { name: 'productName', type: 'text', required: true, defaultValue: 'PermitDesk' },
            { name: 'legalName', type: 'text' },
            { name: 'abn', type: 'text', label: 'ABN (printed on tax invoices)' },
            {
              name: 'address',
              type: 'group',
              fields: [
                { name: 'streetAddress', type: 'text' },
                { name: 'locality', type: 'text', label: 'Suburb or city' },
                { name: 'region', type: 'text', label: 'State' },
                { name: 'postalCode', type: 'text' },
                { name: 'country', type: 'text', defaultValue: 'AU' },
              ],
            },
            { name: 'phone1', type: 'text', label: 'Customer service phone 1' },
            { name: 'phone2', type: 'text', label: 'Customer service phone 2' },
            { name: 'email', type: 'email', label: 'Customer service e-mail' },
            { name: 'mapUrl', type: 'text', label: 'Map link' },
            { name: 'logo', type: 'upload', relationTo: 'media' },
            {
              name: 'socialLinks',
              type: 'array',
              fields: [
                { name: 'label', type: 'text', required: true },
                { name: 'url', type: 'text', required: true },
              ],
            },
            {
              name: 'businessHours',
              type: 'group',
              fields: [
                { name: 'days', type: 'text', defaultValue: 'Monday to Friday' },
                { name: 'opens', type: 'text', defaultValue: '08:00' },
                { name: 'closes', type: 'text', defaultValue: '18:00' },
              ],
            },
          ],
        },
        {
          label: 'Reviews',
          fields: [
            { name: 'reviewRating', type: 'number', defaultValue: 5, min: 1, max: 5, label: 'Rating shown (review figures)' },
            { name: 'reviewCount', type: 'number', defaultValue: 123, min: 0, label: 'Number of reviews shown (review figures)' },
            { name: 'bip', type: 'checkbox', defaultValue: false, label: 'bip: show reviewer names in bold without a link, hide job titles' },
            {
              name: 'disabledAuthors',
              type: 'array',
              label: 'Disabled authors (their reviews are not shown)',
              fields: [{ name: 'authorId', type: 'text', required: true }],
            },
          ],
        },
        {
          label: 'Regulators',
          fields: [
            {
              name: 'waNoticeEmail',
              type: 'email',
              label: 'WA department e-mail (trade promotion notices)',
              admin: { description: 'When staff approve a promotion that includes WA and choose "send to WA", its WA notice (PDF) is e-mailed here.' },
            },
          ],
        },
        {
          label: 'Entry forms',
          fields: [
            {
              name: 'entryCollectionNotice',
              type: 'textarea',
              label: 'Collection notice (shown on every entry form)',
              admin: {
                description: `The Privacy Act notice under every promotion's entry form. Placeholders: ${Object.keys(COLLECTION_NOTICE_PLACEHOLDERS)
                  .map((key) => `{${key}}`)
                  .join(' ')}. Empty: the built-in notice.`,
              },
              validate: (value: string | null | undefined) => validateCollectionNotice(value),
            },
          ],
        },
        {
          label: 'Analytics',
          fields: [
            {
              name: 'analyticsId',
              type: 'text',
              label: 'Analytics measurement id',
              admin: { description: 'Empty: no analytics at all. When set, events are sent only after the visitor consents.' },
            },
            { name: 'conversionId', type: 'text', label: 'Conversion tracker id' },
          ],
        },
      ],
    },
  ],
}
