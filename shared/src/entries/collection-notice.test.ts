import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { msgEntryCollectionNotice } from '../messages'
import { COLLECTION_NOTICE_PLACEHOLDERS, DEFAULT_COLLECTION_NOTICE_TEXT, collectionNotice, unknownCollectionNoticePlaceholders } from './collection-notice'

const details = {
  'promoter.name': 'Acme Pty Ltd',
  'promoter.abn': 'ABN 51 824 753 556',
  'promoter.address': '1 George St, Sydney NSW 2000',
  'promoter.contact': 'privacy@acme.example',
  'promoter.privacyPolicy': 'https://acme.example/privacy',
  'promotion.name': 'Summer Splash',
}

describe('collection notice', () => {
  it('without CMS text is the message constant', () => {
    expect(collectionNotice(null, details)).toBe(msgEntryCollectionNotice('Acme Pty Ltd', 'privacy@acme.example'))
    expect(collectionNotice('  ', details)).toBe(msgEntryCollectionNotice('Acme Pty Ltd', 'privacy@acme.example'))
  })

  it('the seeded CMS text reads as the constant did', () => {
    expect(collectionNotice(DEFAULT_COLLECTION_NOTICE_TEXT, details)).toBe(msgEntryCollectionNotice('Acme Pty Ltd', 'privacy@acme.example'))
    expect(unknownCollectionNoticePlaceholders(DEFAULT_COLLECTION_NOTICE_TEXT)).toEqual([])
  })

  it('fills every placeholder with the promoter’s details', () => {
    const text = Object.keys(COLLECTION_NOTICE_PLACEHOLDERS)
      .map((key) => `[{${key}}]`)
      .join(' ')
    expect(collectionNotice(text, details)).toBe(
      Object.values(details)
        .map((v) => `[${v}]`)
        .join(' '),
    )
  })

  it('names the placeholders it does not know (the CMS refuses them)', () => {
    expect(unknownCollectionNoticePlaceholders('{promoter.name} {promoter.fax} {promoter.fax} {x}')).toEqual(['promoter.fax', 'x'])
  })

  it('never leaves a known placeholder behind, whatever the details', () => {
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(Object.keys(details).map((k) => [k, fc.string()])) as Record<keyof typeof details, fc.Arbitrary<string>>),
        (d) => {
          const filled = collectionNotice(DEFAULT_COLLECTION_NOTICE_TEXT, { ...d, 'promoter.name': d['promoter.name'] || 'X' })
          for (const key of Object.keys(COLLECTION_NOTICE_PLACEHOLDERS))
            if (!Object.values(d).some((v) => v.includes(`{${key}}`))) expect(filled).not.toContain(`{${key}}`)
        },
      ),
    )
  })
})
