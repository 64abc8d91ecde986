import { useEffect, useState } from 'react'
import { typedApi } from './typed-api'

/** How often the permit editor tells the server someone is working (the other side is told for 2 minutes after). */
export const ACTIVITY_PING_MS = 60_000

export type OtherEditor = 'owner' | 'staff' | null

/**
 * Reports activity on a promotion while the editor is open and the page is visible
 * (POST /api/promotion/reportActivity): the owner's pings give staff the owner-active warning,
 * staff's give the owner a notice (issue 26). Returns who else is editing, from the last answer.
 */
export function useReportActivity(promotionId: number, enabled: boolean): OtherEditor {
  const [otherEditor, setOtherEditor] = useState<OtherEditor>(null)
  useEffect(() => {
    if (!enabled || !Number.isSafeInteger(promotionId) || promotionId <= 0) return
    const ping = () => {
      if (document.visibilityState !== 'visible') return
      void (
        typedApi.post('/promotion/reportActivity', { id: promotionId }, { notify: false, redirectOn401: false }) as Promise<{
          ok: boolean
          otherEditor?: OtherEditor
        }>
      )
        .then((answer) => setOtherEditor(answer.otherEditor ?? null))
        .catch(() => undefined)
    }
    ping()
    const timer = setInterval(ping, ACTIVITY_PING_MS)
    document.addEventListener('visibilitychange', ping)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', ping)
    }
  }, [promotionId, enabled])
  return otherEditor
}
