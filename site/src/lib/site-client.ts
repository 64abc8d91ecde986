/**
 * The small script every page runs (000 §2, §4, §7): error reporting, the consent banner,
 * scroll-depth tracking, delayed images, the home page's query messages and the backspace guard.
 */
import { TIMINGS } from '@permitdesk/shared/constants'
import { analyticsId, initAnalytics, readConsent, setConsent, track } from './analytics'
import { createWindowLimiter, depthsReached, mayReportErrors, tracksScrollDepth } from './analytics-rules'

// --- Error reporting: POST /error/js/, form-encoded, 3 per 30 s, never from cache. hosts.
const recentConsole: string[] = []
const originalError = console.error.bind(console)
console.error = (...args: unknown[]) => {
  recentConsole.push(args.map(String).join(' ').slice(0, 500))
  if (recentConsole.length > 5) recentConsole.shift()
  originalError(...args)
}
const allowReport = createWindowLimiter(TIMINGS.errorReportLimit, TIMINGS.errorReportWindowMs)
function report(fields: { message: string; source?: string; line?: number; column?: number; error?: unknown }) {
  if (!mayReportErrors(location.host, location.pathname) || !allowReport(Date.now())) return
  const error = fields.error instanceof Error ? `${fields.error.name}: ${fields.error.message}\n${fields.error.stack ?? ''}` : String(fields.error ?? '')
  const body = new URLSearchParams({
    message: String(fields.message).slice(0, 2000),
    source: String(fields.source ?? location.href).slice(0, 2000),
    line: String(fields.line ?? 0),
    column: String(fields.column ?? 0),
    error: error.slice(0, 8000),
    console: recentConsole.join('\n').slice(0, 4000),
  })
  fetch('/error/js/', { method: 'POST', body, credentials: 'include', keepalive: true }).catch(() => {})
}
window.addEventListener('error', (event) => {
  if (!event.message) return // a resource that failed to load, not a script error
  console.warn('Uncaught script error:', event.message)
  report({ message: event.message, source: event.filename, line: event.lineno, column: event.colno, error: event.error })
})
window.addEventListener('unhandledrejection', (event) => {
  const reason = event.reason
  report({ message: reason instanceof Error ? reason.message : String(reason), error: reason })
})

// --- Consent banner, shown only when an analytics id is configured and the visitor has not chosen.
initAnalytics()
const banner = document.getElementById('consent-banner')
if (banner && analyticsId() && readConsent() === null) {
  banner.hidden = false
  banner.addEventListener('click', (event) => {
    const choice = (event.target as HTMLElement).closest('button')?.dataset.consent
    if (choice === 'granted' || choice === 'denied') {
      setConsent(choice)
      banner.hidden = true
    }
  })
}

// --- Scroll depth (000 §2, §7): 25/50/75/100, throttled to 500 ms, each mark once per page.
if (analyticsId() && tracksScrollDepth(location.pathname, document.body.dataset.product ?? '')) {
  const sent = new Set<number>()
  let waiting = false
  const check = () => {
    waiting = false
    const bottom = window.scrollY + window.innerHeight
    for (const mark of depthsReached(bottom, document.documentElement.scrollHeight)) {
      if (!sent.has(mark)) {
        sent.add(mark)
        track('scroll', { percent: mark })
      }
    }
  }
  window.addEventListener(
    'scroll',
    () => {
      if (waiting) return
      waiting = true
      window.setTimeout(check, TIMINGS.scrollThrottleMs)
    },
    { passive: true },
  )
}

// --- Delayed images (000 §4): data-delayed-src gets its source after 100 ms.
window.setTimeout(() => {
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-delayed-src]')) {
    img.src = img.dataset.delayedSrc!
    img.removeAttribute('data-delayed-src')
  }
}, TIMINGS.delayedImageMs)

// --- Home: ?logout and ?notfound messages.
const query = new URLSearchParams(location.search)
for (const flag of ['logout', 'notfound']) {
  const note = document.getElementById(`notice-${flag}`)
  if (note && query.has(flag)) note.hidden = false
}

// --- 000 §2: backspace outside an editable field must not navigate back.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Backspace') return
  const target = event.target as HTMLElement
  if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return
  event.preventDefault()
})
