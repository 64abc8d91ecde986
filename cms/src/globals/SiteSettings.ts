import type { GlobalConfig } from 'payload'
import { anyone, isStaff } from '../access'

/** Site-wide settings the static site and the e-mails read. */
export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  label: 'Site settings',
  access: { read: anyone, update: isStaff },
  fields: [
    { name: 'productName', type: 'text', required: true, defaultValue: 'PermitDesk' },
  ],
}
