/**
 * The shape of the content snapshot the CMS exports and the static site is built from. The CMS
 * writes it, the site reads it; this type is the contract between them.
 */
export type SiteSettingsContent = {
  productName: string
}

export type SiteContent = {
  generatedAt: string
  settings: SiteSettingsContent
}

export const DEFAULT_PRODUCT_NAME = 'PermitDesk'
