import { useEffect, useState } from 'react'
import { subscribeNotifications, type Notification } from '../lib/notify'

/**
 * The notification area: an aria-live region, so screen readers announce each message as it
 * arrives. Errors stay until dismissed; info messages leave after 8 seconds.
 */
export function Notifications() {
  const [items, setItems] = useState<Notification[]>([])
  useEffect(
    () =>
      subscribeNotifications((notification) => {
        setItems((current) => [...current.filter((n) => n.message !== notification.message), notification].slice(-5))
        if (notification.kind === 'info')
          setTimeout(() => setItems((current) => current.filter((n) => n.id !== notification.id)), notification.durationMs ?? 8000)
      }),
    [],
  )
  return (
    <div className="notifications" aria-live="assertive" aria-relevant="additions" data-testid="notifications">
      {items.map((item) => (
        <div key={item.id} className={`notification notification-${item.kind}`}>
          <span>{item.message}</span>
          <button type="button" className="link-button" aria-label="Dismiss" onClick={() => setItems((current) => current.filter((n) => n.id !== item.id))}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
