import { describe, expect, it } from 'vitest'
import { createWindowLimiter, depthsReached, mayReportErrors, tracksScrollDepth } from './analytics-rules'

describe('tracksScrollDepth', () => {
  it('tracks the spec pages, with an optional two-letter language prefix', () => {
    for (const path of [
      '/',
      '/about/',
      '/competition-permits/',
      '/competition-terms-and-conditions/',
      '/news/',
      '/news/some-article/',
      '/privacy/',
      '/terms/',
      '/en/about/',
      '/permitdesk/',
    ]) {
      expect(tracksScrollDepth(path, 'PermitDesk'), path).toBe(true)
    }
  })
  it('does not track other pages', () => {
    for (const path of ['/contact/', '/faqs/', '/reviews/', '/random-draws/', '/agencies/', '/english/about/']) {
      expect(tracksScrollDepth(path, 'PermitDesk'), path).toBe(false)
    }
  })
})

describe('depthsReached', () => {
  it('reports each quarter once the reader reaches it', () => {
    expect(depthsReached(240, 1000)).toEqual([])
    expect(depthsReached(500, 1000)).toEqual([25, 50])
    expect(depthsReached(1000, 1000)).toEqual([25, 50, 75, 100])
  })
})

describe('error reporting rules', () => {
  it('is off on cache. hosts and paths', () => {
    expect(mayReportErrors('www.example.com', '/')).toBe(true)
    expect(mayReportErrors('cache.example.com', '/')).toBe(false)
    expect(mayReportErrors('www.example.com', '/cache.page/')).toBe(false)
  })
  it('allows 3 per 30 s window', () => {
    const allow = createWindowLimiter(3, 30_000)
    expect([allow(0), allow(1000), allow(2000), allow(3000)]).toEqual([true, true, true, false])
    expect(allow(29_999)).toBe(false)
    expect(allow(30_000)).toBe(true)
  })
})
