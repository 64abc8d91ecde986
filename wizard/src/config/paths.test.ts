import { describe, expect, it } from 'vitest'
import { uploadDownloadPath } from './paths'

describe('uploadDownloadPath', () => {
  it('encodes a stored name so spaces, #, ? and % reach the server as part of the name', () => {
    const path = uploadDownloadPath('winners list #2 (final)?100%.pdf')
    expect(path).toBe('/download/upload/winners%20list%20%232%20(final)%3F100%25.pdf')
    // The browser reads it back as one path segment: nothing became a query or a fragment.
    const url = new URL(path, 'https://permitdesk.example')
    expect(url.search).toBe('')
    expect(url.hash).toBe('')
    expect(decodeURIComponent(url.pathname.split('/').at(-1)!)).toBe('winners list #2 (final)?100%.pdf')
  })
})
