/**
 * The shape of the content snapshot the CMS exports and the static site is built from. The CMS
 * writes it, the site reads it; this type is the contract between them. Rich text arrives as
 * HTML already rendered (and escaped) by the CMS export; everything else is plain text that the
 * site escapes when it renders it.
 */
export type SiteSettingsContent = {
  productName: string
  legalName?: string
  /** The provider's ABN (tax invoices, issue 12). */
  abn?: string
  address?: { streetAddress?: string; locality?: string; region?: string; postalCode?: string; country?: string }
  /** The two customer-service phone numbers. */
  phones?: string[]
  email?: string
  mapUrl?: string
  /** Absolute path or URL of the logo image. */
  logoUrl?: string
  socialLinks?: Array<{ label: string; url: string }>
  businessHours?: { days: string; opens: string; closes: string }
  /** 000 §3: the aggregate rating shown, from configuration (5.0 from 123). */
  reviewFigures?: { ratingValue: number; reviewCount: number }
  /** 000 §2: names in bold without a link, job titles hidden. */
  bip?: boolean
  /** 000 §2: reviews by these author ids are skipped. */
  disabledAuthors?: string[]
  /** Empty: no analytics at all. */
  analyticsId?: string
  conversionId?: string
  /** The collection notice on every entry form, with `{promoter.name}` … placeholders (issue 27). */
  entryCollectionNotice?: string
}

/** A content block of a marketing page. */
export type PageBlock =
  | { type: 'content'; heading?: string; html: string }
  | { type: 'features'; heading?: string; items: Array<{ title: string; text: string }> }
  | { type: 'callout'; heading: string; text?: string; linkLabel: string; href: string }
  | { type: 'prices'; heading?: string; rows: Array<{ item: string; price: string }> }

export type PageContent = {
  key: string
  title: string
  heading: string
  intro?: string
  description?: string
  blocks: PageBlock[]
}

export type NewsArticle = {
  slug: string
  title: string
  /** ISO date (YYYY-MM-DD). */
  date: string
  summary: string
  html: string
  image?: { url: string; alt: string; width?: number; height?: number }
}

export type SupportItemKind = 'faq' | 'howto' | 'form-faq' | 'promotion-list-faq'
export type SupportItem = { id: number | string; kind: SupportItemKind; question: string; answer: string; order: number }

/** 000 §3 Review, named fields in the spec's positional order. */
export type ReviewContent = {
  authorId: string
  /** Epoch: more than 10 digits means milliseconds, otherwise seconds. */
  time: number
  rating: number
  authorName: string
  jobTitle: string | null
  companyName: string
  /** URL of the company logo (the spec's "logo file"), or null. */
  logo: string | null
  companyUrl: string | null
  text: string | null
}

export type SiteContent = {
  generatedAt: string
  /** The public origin (PUBLIC_URL), for absolute links in structured data and canonical URLs. */
  siteUrl?: string
  settings: SiteSettingsContent
  pages?: PageContent[]
  news?: NewsArticle[]
  supportItems?: SupportItem[]
  /** Newest first. */
  reviews?: ReviewContent[]
}

export const DEFAULT_PRODUCT_NAME = 'PermitDesk'
