import { describe, expect, it } from 'vitest'
import { validateResourceUrl } from './StaffResources'

describe('staff resource addresses', () => {
  it.each([
    ['https://www.fairtrading.nsw.gov.au/', true],
    ['http://intranet.example/forms', true],
    ['/admin/statistics/', true],
    ['', 'Please enter the address of the link.'],
    ['javascript:alert(1)', 'Please enter an address starting with https:// (or a path on this site starting with /).'],
    ['//evil.example/', 'Please enter an address starting with https:// (or a path on this site starting with /).'],
    ['www.example.com', 'Please enter an address starting with https:// (or a path on this site starting with /).'],
  ])('%s → %s', (url, expected) => {
    expect(validateResourceUrl(url, 'link')).toBe(expected)
  })

  it('a document needs no address', () => {
    expect(validateResourceUrl(undefined, 'document')).toBe(true)
  })
})
