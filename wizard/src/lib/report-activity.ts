import { useEffect } from 'react'
import { api } from './api-client'

/** How often the permit editor tells the server its owner is working (staff see "owner active" for 2 minutes after). */
export const ACTIVITY_PING_MS = 60_000

/**
 * Reports the owner's activity on a promotion while the editor is open and the page is visible
 * (POST /api/promotion/reportActivity), so staff get the owner-active warning before editing.
 * Only the owner's pings count: the server ignores anyone else's.
 */
export function useReportActivity(promotionId: number, enabled: boolean) {
  useEffect(() => {
    if (!enabled || !Number.isSafeInteger(promotionId) || promotionId <= 0) return
    const ping = () => {
      if (document.visibilityState === 'visible') void api.post('/api/promotion/reportActivity', { id: promotionId }, { notify: false, redirectOn401: false }).catch(() => undefined)
    }
    ping()
    const timer = setInterval(ping, ACTIVITY_PING_MS)
    document.addEventListener('visibilitychange', ping)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', ping)
    }
  }, [promotionId, enabled])
}
