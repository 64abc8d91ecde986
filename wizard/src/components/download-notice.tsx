import { useEffect } from 'react'
import { MSG_DOWNLOAD_STARTING, TIMINGS } from '@permitdesk/shared'
import { notify } from '../lib/notify'

/** Whether a link starts a file download (a `download` link, or one of the server's download paths). */
export function isDownloadLink(anchor: HTMLAnchorElement): boolean {
  if (anchor.hasAttribute('download')) return true
  try {
    const url = new URL(anchor.href, window.location.href)
    return url.origin === window.location.origin && (url.pathname.startsWith('/download/') || /^\/promotions\/download[a-z]*\//i.test(url.pathname))
  } catch {
    return false
  }
}

/**
 * "Download starting..." (000 §8) on every screen: any click on a download link announces it in
 * the notification area, whichever screen the link is on.
 */
export function DownloadNotice() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]')
      // 000 §7: the download flag resets after 5 s, so the notice leaves then.
      if (anchor instanceof HTMLAnchorElement && isDownloadLink(anchor)) notify(MSG_DOWNLOAD_STARTING, 'info', { durationMs: TIMINGS.downloadFlagResetMs })
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [])
  return null
}
