import { afterEach, describe, expect, it, vi } from 'vitest'
import { bootScript, inlineEntryCss } from '../../build/boot-plugin'
import { listPromotions } from '../features/promotions/api/promotions'
import { getComplianceNotes, getFormFaqs, getPromotion } from '../features/permit/api/permit-api'
import { getPromotionListFaqs } from '../features/promotions/api/promotions'
import { getCurrentUser } from '../lib/session-api'
import { apiRequest } from '../lib/api-client'
import { getPaymentConfig } from '../lib/payments-api'
import { canonicalUrl, PREFETCH_GLOBAL, PREFETCH_MAX_AGE_MS, takePrefetched } from '../lib/prefetch'
import { bootRoutes, promotionListUrl, SESSION_URL } from './boot-routes'

/** The URL each call asks for, through the real request function (fetch answers 200 []). */
async function urlOf(call: () => Promise<unknown>): Promise<string> {
  const fetch = vi.fn(async () => new Response('{"promotions":[],"promotionCount":0,"user":null}', { status: 200 }))
  vi.stubGlobal('fetch', fetch)
  await call().catch(() => undefined)
  return canonicalUrl(String((fetch.mock.calls[0] as unknown[])[0]))
}

const store = () => (window as unknown as Record<string, Record<string, unknown> | undefined>)[PREFETCH_GLOBAL]

afterEach(() => {
  vi.unstubAllGlobals()
  delete (window as unknown as Record<string, unknown>)[PREFETCH_GLOBAL]
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

describe('boot routes: the start-up script asks for exactly what the screens ask for', () => {
  it('the data URLs are canonical (parameters sorted), so the request function finds them', () => {
    for (const route of bootRoutes) for (const url of route.data) expect(canonicalUrl(url.replace('$1', '7'))).toBe(url.replace('$1', '7'))
    expect(canonicalUrl(SESSION_URL)).toBe(SESSION_URL)
  })

  it('My Promotions: the first page, archived or not, and the FAQs', async () => {
    const first = { sort: 'date', direction: 'desc', after: 0, search: '', count: 10 } as const
    expect(await urlOf(() => listPromotions({ ...first, archived: false }))).toBe(promotionListUrl(false))
    expect(await urlOf(() => listPromotions({ ...first, archived: true }))).toBe(promotionListUrl(true))
    expect(await urlOf(getPromotionListFaqs)).toBe('/api/SupportItem/getPromotionListFAQs')
  })

  it('the permit editor: the promotion, its compliance notes and the form FAQs; the session', async () => {
    const permit = bootRoutes.find((route) => new RegExp(route.pattern, 'i').test('/permit/edit/7/details/'))!
    const urls = permit.data.map((url) => url.replace('$1', '7'))
    expect(urls).toContain(await urlOf(() => getPromotion(7)))
    expect(urls).toContain(await urlOf(() => getComplianceNotes(7)))
    expect(urls).toContain(await urlOf(getFormFaqs))
    expect(await urlOf(getCurrentUser)).toBe(SESSION_URL)
  })

  it('the payment page: its own screen (not the permit editor, whose pattern also matches), the promotion and the payment settings', async () => {
    const first = (path: string) => bootRoutes.find((route) => new RegExp(route.pattern, 'i').test(path))!
    const payment = first('/permit/edit/7/payment/')
    expect(payment.module).toBe('src/features/payment/payment-screen.tsx')
    expect(first('/permit/edit/7/details/').module).toBe('src/features/permit/components/permit-edit-screen.tsx')
    const urls = payment.data.map((url) => url.replace('$1', '7'))
    // The screen's own call (payment-screen.tsx asks with apiRequest, not getPromotion).
    expect(urls).toContain(await urlOf(() => apiRequest('GET', '/api/promotion/get', { query: { id: 7 }, notify: false })))
    expect(urls).toContain(await urlOf(getPaymentConfig))
  })
})

describe('prefetch store', () => {
  it('hands a prefetched response out once, by canonical URL, and never a stale one', async () => {
    const response = Promise.resolve(new Response('{}'))
    ;(window as unknown as Record<string, unknown>)[PREFETCH_GLOBAL] = { '/api/x?a=1&b=2': { at: 1000, response }, '/api/old': { at: 0, response } }
    expect(takePrefetched('/api/x?b=2&a=1', 1000)).toBe(response)
    expect(takePrefetched('/api/x?a=1&b=2', 1000)).toBeUndefined()
    expect(takePrefetched('/api/old', PREFETCH_MAX_AGE_MS + 1)).toBeUndefined()
  })

  it('the request function uses a prefetched answer instead of asking again', async () => {
    const fetch = vi.fn(async () => new Response('{"user":null}'))
    vi.stubGlobal('fetch', fetch)
    ;(window as unknown as Record<string, unknown>)[PREFETCH_GLOBAL] = {
      [SESSION_URL]: { at: Date.now(), response: Promise.resolve(new Response('{"authenticated":true,"user":{"id":3}}')) },
    }
    expect(await getCurrentUser()).toEqual({ id: 3 })
    expect(fetch).not.toHaveBeenCalled()
    expect(await getCurrentUser()).toBeNull()
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})

describe('the start-up script', () => {
  const script = bootScript(
    [
      ['^/promotions/$', ['/app/assets/list.js'], [], ['/api/list']],
      ['^/permit/edit/(\\d+)/payment/$', ['/app/assets/payment.js'], [], ['/api/promotion/get?id=$1'], 1],
      ['^/permit/edit/(\\d+)/', ['/app/assets/permit.js', '/app/assets/dep.js'], ['/app/assets/permit.css'], ['/api/promotion/get?id=$1']],
    ],
    SESSION_URL,
  )
  const fetchAnswering = (session: string) => vi.fn(async (url: string) => new Response(url === SESSION_URL ? session : '{"id":42}', { status: 200 }))

  it('for a matching path: preloads the chunks and CSS, asks for the session, then (signed in) the data with the id', async () => {
    window.history.replaceState(null, '', '/Permit/Edit/42/details/')
    const fetch = fetchAnswering('{"authenticated":true,"user":{"id":1}}')
    vi.stubGlobal('fetch', fetch)
    new Function(script)()
    const links = [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`)
    expect(links).toEqual(['modulepreload /app/assets/permit.js', 'modulepreload /app/assets/dep.js', 'preload /app/assets/permit.css'])
    expect(Object.keys(store()!)).toEqual([SESSION_URL, '/api/promotion/get?id=42'])
    expect(await getCurrentUser()).toEqual({ id: 1 })
    expect(await getPromotion(42).then((p) => p.id)).toBe(42)
    expect(fetch.mock.calls.map((call) => (call as unknown[])[0])).toEqual([SESSION_URL, '/api/promotion/get?id=42'])
  })

  it("loads the engine's en-AU date data (a Sydney DateTimeFormat) after the first paint, the requests and preloads on their way", async () => {
    window.history.replaceState(null, '', '/permit/edit/42/details/')
    const fetch = fetchAnswering('{"authenticated":false,"user":null}')
    vi.stubGlobal('fetch', fetch)
    const DateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat')
    try {
      new Function(script)()
      // Not before the paint: the script returns without it.
      expect(DateTimeFormat).not.toHaveBeenCalled()
      await vi.waitFor(() => expect(DateTimeFormat).toHaveBeenCalledWith('en-AU', expect.objectContaining({ timeZone: 'Australia/Sydney' })))
      expect(fetch.mock.invocationCallOrder[0]).toBeLessThan(DateTimeFormat.mock.invocationCallOrder[0]!)
      expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(2)
    } finally {
      DateTimeFormat.mockRestore()
    }
  })

  it('a screen that formats no date (the payment page): its requests and preloads, and no date data loaded after the paint', () => {
    window.history.replaceState(null, '', '/permit/edit/42/payment/')
    vi.stubGlobal('fetch', fetchAnswering('{"authenticated":false,"user":null}'))
    // The script asks for the frame that loads the date data as it runs, or never.
    const frame = vi.spyOn(window, 'requestAnimationFrame')
    try {
      new Function(script)()
      expect([...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'))).toEqual(['/app/assets/payment.js'])
      expect(frame).not.toHaveBeenCalled()
      window.history.replaceState(null, '', '/permit/edit/42/details/')
      new Function(script)()
      expect(frame).toHaveBeenCalledTimes(1)
    } finally {
      frame.mockRestore()
    }
  })

  it('a visitor: nothing private is asked for; the screen (if it ever asks) goes to the network itself', async () => {
    window.history.replaceState(null, '', '/permit/edit/42/')
    const fetch = fetchAnswering('{"authenticated":false,"user":null}')
    vi.stubGlobal('fetch', fetch)
    new Function(script)()
    expect(await getCurrentUser()).toBeNull()
    expect(await takePrefetched('/api/promotion/get?id=42')).toBeNull()
    expect(fetch.mock.calls.map((call) => (call as unknown[])[0])).toEqual([SESSION_URL])
  })

  it('a prefetched 401 (the session ended between the two answers) is not reused: after a sign-in the screen asks again', async () => {
    window.history.replaceState(null, '', '/permit/edit/42/')
    const fetch = vi.fn(
      async (url: string) =>
        new Response(url === SESSION_URL ? '{"authenticated":true,"user":{"id":1}}' : '{"message":"Signed out"}', { status: url === SESSION_URL ? 200 : 401 }),
    )
    vi.stubGlobal('fetch', fetch)
    new Function(script)()
    expect(await getCurrentUser()).toEqual({ id: 1 })
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
    // Signed in again since (on the login screen): the same URL now answers the promotion.
    fetch.mockImplementation(async () => new Response('{"id":42}', { status: 200 }))
    expect(await getPromotion(42).then((p) => p.id)).toBe(42)
    expect(fetch.mock.calls.map((call) => (call as unknown[])[0])).toEqual([SESSION_URL, '/api/promotion/get?id=42', '/api/promotion/get?id=42'])
  })

  it('on the staff console it hides the customer header it would otherwise paint', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    )
    document.head.innerHTML = '<meta name="permitdesk-staff-path" content="/admin/">'
    document.body.innerHTML = '<div id="boot-shell"></div><div id="root"></div>'
    window.history.replaceState(null, '', '/promotions/')
    new Function(bootScript([], SESSION_URL))()
    expect(getComputedStyle(document.getElementById('boot-shell')!).display).not.toBe('none')
    window.history.replaceState(null, '', '/Admin/tasks/')
    new Function(bootScript([], SESSION_URL))()
    expect(getComputedStyle(document.getElementById('boot-shell')!).display).toBe('none')
  })
})

describe('the entry stylesheet, inlined (issue 25: no render-blocking CSS before the first paint)', () => {
  const html = '<head><link rel="stylesheet" crossorigin href="/app/assets/wizard-1.css"></head>'
  const bundle = (css: string) => ({ 'assets/wizard-1.css': { type: 'asset', source: css } }) as never

  it('becomes a <style> with the sheet, and a disabled link that tells the lazy chunks it is already on the page', () => {
    const out = inlineEntryCss(html, bundle('.a{color:red}'), '/app/', ['assets/wizard-1.css'])
    expect(out).toBe('<head><style>.a{color:red}</style>\n    <link rel="stylesheet" href="/app/assets/wizard-1.css" disabled></head>')
    document.head.innerHTML = out.slice('<head>'.length, -'</head>'.length)
    // Vite's preload helper skips a CSS dependency when a rel=stylesheet link has its URL.
    expect([...document.querySelectorAll('link')].filter((link) => link.rel === 'stylesheet').map((link) => link.getAttribute('href'))).toEqual([
      '/app/assets/wizard-1.css',
    ])
    expect(document.styleSheets.length).toBe(1)
  })

  it('refuses a sheet it cannot inline safely: a relative url(), or no link to replace', () => {
    expect(() => inlineEntryCss(html, bundle('.a{background:url(img.png)}'), '/app/', ['assets/wizard-1.css'])).toThrow(/relative url/)
    expect(() => inlineEntryCss('<head></head>', bundle('.a{}'), '/app/', ['assets/wizard-1.css'])).toThrow(/no stylesheet link/)
    expect(inlineEntryCss(html, bundle('.a{background:url(/app/assets/i.png)}'), '/app/', ['assets/wizard-1.css'])).toContain('url(/app/assets/i.png)')
  })
})
