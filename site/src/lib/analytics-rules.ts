import { SCROLL_DEPTH_PERCENTS } from '@permitdesk/shared/constants'

/**
 * 000 §2: scroll depth is tracked on home, about, competition-permits,
 * competition-terms-and-conditions, news, privacy, terms and {product} pages, each with an optional
 * two-letter language prefix. `product` is the product name in lower case (a page at /permitdesk/).
 */
export function tracksScrollDepth(path: string, productName: string): boolean {
  const sections = ['about', 'competition-permits', 'competition-terms-and-conditions', 'news', 'privacy', 'terms', productName.toLowerCase()]
  const match = /^\/(?:[a-z]{2}\/)?([^/]*)/.exec(path.toLowerCase())
  if (!match) return false
  const first = match[1] ?? ''
  return first === '' || sections.includes(first)
}

/** The depth marks (25/50/75/100) reached at a scroll position, for a page of that height. */
export function depthsReached(scrollBottom: number, pageHeight: number): number[] {
  if (pageHeight <= 0) return [...SCROLL_DEPTH_PERCENTS]
  const percent = (scrollBottom / pageHeight) * 100
  return SCROLL_DEPTH_PERCENTS.filter((mark) => percent >= mark - 0.5)
}

/** 000 §7: error reports are not sent from `cache.` hosts or paths. */
export function mayReportErrors(host: string, path: string): boolean {
  return !host.includes('cache.') && !path.includes('cache.')
}

/** A sliding window limiter: at most `limit` events per `windowMs` (000 §9: 3 per 30 s). */
export function createWindowLimiter(limit: number, windowMs: number) {
  const times: number[] = []
  return (now: number): boolean => {
    while (times.length && now - times[0]! >= windowMs) times.shift()
    if (times.length >= limit) return false
    times.push(now)
    return true
  }
}
