import { DEFAULT_PRODUCT_NAME } from '@permitdesk/shared/site-content'
import type { Provider } from '../../documents/tax-invoice'
import { cmsSettingsOf } from '../../server/build'

/** The provider on tax invoices: legal name, ABN and address from the CMS site settings (exported at start). */
export function providerDetails(dataDir: string): Provider {
  const settings = cmsSettingsOf(dataDir)
  if (!settings) return { name: DEFAULT_PRODUCT_NAME, abn: null, address: null, email: null }
  const a = settings.address
  const address = a ? [a.streetAddress, a.locality, a.region, a.postalCode].filter(Boolean).join(', ') : ''
  return {
    name: settings.legalName || settings.productName || DEFAULT_PRODUCT_NAME,
    abn: settings.abn ?? null,
    address: address || null,
    email: settings.email ?? null,
  }
}
