/**
 * Error and info notifications (000 §7/§8: "Error messages from data.message or data.modelState
 * are broadcast as error notifications"). Anything may publish; <Notifications /> shows them.
 */
/** `durationMs`: how long an info message stays (default: the notification area's). */
export type Notification = { id: number; kind: 'error' | 'info'; message: string; durationMs?: number }
type Listener = (notification: Notification) => void

const listeners = new Set<Listener>()
let nextId = 1

export function notify(message: string, kind: Notification['kind'] = 'error', options: { durationMs?: number } = {}) {
  const notification = { id: nextId++, kind, message, ...options }
  for (const listener of listeners) listener(notification)
}

export function subscribeNotifications(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The messages of an error body: each model-state entry, or else the message (000 §8). */
export function messagesOf(body: { message?: string; modelState?: Record<string, string[]> } | undefined): string[] {
  const entries = Object.values(body?.modelState ?? {})
    .flat()
    .filter(Boolean)
  const unique = [...new Set(entries)]
  if (unique.length) return unique
  return body?.message ? [body.message] : []
}
