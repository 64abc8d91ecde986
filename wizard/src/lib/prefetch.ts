/**
 * Answers the page started fetching before the app's code arrived (issue 17, first load): the
 * inline start-up script of index.html (wizard/build/boot-plugin.ts) asks for the session and the
 * first screen's data while the scripts download, and leaves each response promise here, keyed by
 * its canonical URL. The request function takes one once (later calls go to the network).
 */

/** The key of a URL: its path and its query parameters sorted by name (order never matters). */
export function canonicalUrl(url: string): string {
  const [path = '', search = ''] = url.split('?', 2)
  const params = new URLSearchParams(search)
  params.sort()
  const text = params.toString()
  return text ? `${path}?${text}` : path
}

/** The global the start-up script fills (its name is shared with boot-plugin.ts). */
export const PREFETCH_GLOBAL = '__permitdeskPrefetch'

/** How long a prefetched answer stays usable: a screen that asks later gets fresh data. */
export const PREFETCH_MAX_AGE_MS = 10_000

/** `response` is null when the start-up script did not ask after all (nobody was signed in). */
type Entry = { at: number; response: Promise<Response | null> }
type PrefetchStore = Record<string, Entry | undefined>

function store(): PrefetchStore | undefined {
  if (typeof window === 'undefined') return undefined
  return (window as unknown as Record<string, PrefetchStore | undefined>)[PREFETCH_GLOBAL]
}

/** The response the page already asked for at this URL (once), or undefined. */
export function takePrefetched(url: string, now = Date.now()): Promise<Response | null> | undefined {
  const prefetched = store()
  if (!prefetched) return undefined
  const key = canonicalUrl(url)
  const entry = prefetched[key]
  if (!entry) return undefined
  delete prefetched[key]
  if (now - entry.at > PREFETCH_MAX_AGE_MS) return undefined
  return entry.response
}
