/**
 * Issue 27: the collection notice on every entry form (Privacy Act APP 5). Its text is CMS
 * content the provider's staff edit (site settings), with placeholders for the promoter's
 * details filled from the promotion; without CMS text the message constant is the notice.
 */
import { msgEntryCollectionNotice } from '../messages'

export const COLLECTION_NOTICE_PLACEHOLDERS = {
  'promoter.name': 'The promoter (the application’s organisation, else the account’s name)',
  'promoter.abn': 'The promoter’s ABN or ACN with its label (ABN 51 824 753 556)',
  'promoter.address': 'The promoter’s business address',
  'promoter.contact': 'Where entrants ask for their details (the application’s e-mail or phone, else the account’s e-mail)',
  'promoter.privacyPolicy': 'The link to the promoter’s privacy terms (the hosted T&Cs, else the promoter’s website)',
  'promotion.name': 'The promotion’s name',
} as const
export type CollectionNoticeKey = keyof typeof COLLECTION_NOTICE_PLACEHOLDERS
export type CollectionNoticeDetails = Record<CollectionNoticeKey, string>

/** The text the CMS is seeded with: the message constant's wording, with placeholders. */
export const DEFAULT_COLLECTION_NOTICE_TEXT =
  '{promoter.name} collects your details to run this promotion: to check your entry is eligible, to draw and contact the winners and, if you win, to publish your name as the law requires. Your details are held by PermitDesk for {promoter.name} and deleted when the promotion\u2019s records may be destroyed; only one-way hashes are kept after that. You can ask {promoter.name} for a copy of your details or to correct them at {promoter.contact}. If you do not give the details marked required, you cannot enter.'

const PLACEHOLDER = /\{([a-zA-Z.]+)\}/g

/** The placeholders in a text that are not ones the notice fills (the CMS refuses such a text on save). */
export function unknownCollectionNoticePlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((key) => !(key in COLLECTION_NOTICE_PLACEHOLDERS))
  return [...new Set(unknown)]
}

/**
 * The notice shown on the form: the CMS text with the promoter's details filled in, or, when the
 * CMS has no text, the message constant. A detail the promotion lacks reads as nothing.
 */
export function collectionNotice(cmsText: string | null | undefined, details: CollectionNoticeDetails): string {
  if (!cmsText || !cmsText.trim()) return msgEntryCollectionNotice(details['promoter.name'], details['promoter.contact'])
  return cmsText
    .replace(PLACEHOLDER, (whole, key: string) => (key in details ? details[key as CollectionNoticeKey] : whole))
    .replace(/[ \t]{2,}/g, ' ')
    .trim()
}
