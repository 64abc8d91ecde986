import { describe, expect, it } from 'vitest'
import { DEFAULT_COLLECTION_NOTICE_TEXT } from '@permitdesk/shared/entries/collection-notice'
import { validateCollectionNotice } from './SiteSettings'

describe('SiteSettings: the entry forms\u2019 collection notice', () => {
  it('takes the seeded text, an empty one (the built-in notice) and every known placeholder', () => {
    expect(validateCollectionNotice(DEFAULT_COLLECTION_NOTICE_TEXT)).toBe(true)
    expect(validateCollectionNotice('')).toBe(true)
    expect(validateCollectionNotice(null)).toBe(true)
    expect(validateCollectionNotice('{promoter.name} {promoter.abn} {promoter.address} {promoter.contact} {promoter.privacyPolicy} {promotion.name}')).toBe(
      true,
    )
  })

  it('refuses an unknown placeholder, naming it', () => {
    expect(validateCollectionNotice('Ask {promoter.name} at {promoter.fax}.')).toBe(
      'Unknown placeholder: {promoter.fax}. Use only the placeholders listed in the help text.',
    )
  })
})
