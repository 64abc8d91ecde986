import type { CollectionConfig } from 'payload'
import { isAdmin, isContentEditor } from '../access'

/**
 * One row per rebuild of the static site after publishing, written by the api's site-rebuild
 * worker. A failed build keeps the last good site live; its error is shown here.
 */
export const SiteBuilds: CollectionConfig = {
  slug: 'site-builds',
  labels: { singular: 'Site build', plural: 'Site builds' },
  admin: {
    group: 'Site',
    useAsTitle: 'status',
    defaultColumns: ['status', 'reason', 'startedAt', 'seconds'],
    description: 'Rebuilds of the public site after publishing. A failed build leaves the previous site live.',
  },
  access: { read: isContentEditor, create: () => false, update: () => false, delete: isAdmin },
  defaultSort: '-startedAt',
  fields: [
    { name: 'status', type: 'text', required: true, admin: { description: 'running, succeeded or failed' } },
    { name: 'reason', type: 'text' },
    { name: 'startedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'finishedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'seconds', type: 'number' },
    { name: 'error', type: 'textarea' },
  ],
}
