import { describe, expect, it } from 'vitest'
import { safeReturnUrl } from './server-errors'

const origin = 'https://permitdesk.example'

describe('safeReturnUrl (open redirect after login)', () => {
  it.each([
    ['/%09/evil.com'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['//evil.com'],
    ['/\\evil.com'],
    ['/\\/evil.com'],
    ['https://evil.com/'],
    ['javascript:alert(1)'],
    [' /promotions/'],
  ])('refuses %j', (value) => {
    const kept = safeReturnUrl(value, origin)
    if (kept !== null) expect(new URL(kept, origin).origin).toBe(origin)
    // The reported case: decoded by URLSearchParams into "/\t/evil.com", which a browser reads as //evil.com.
    expect(kept === null || !kept.startsWith('//')).toBe(true)
  })

  it('turns the reported ReturnUrl into nothing or a path of ours', () => {
    const value = new URLSearchParams('ReturnUrl=%2F%09%2Fevil.com').get('ReturnUrl')
    const kept = safeReturnUrl(value, origin)
    expect(kept === null || new URL(kept, origin).origin === origin).toBe(true)
    expect(kept).not.toBe('/\t/evil.com')
  })

  it('keeps a same-origin path with its query and hash', () => {
    expect(safeReturnUrl('/promotions/?page=2#top', origin)).toBe('/promotions/?page=2#top')
  })
})
