import { startTransition, useEffect, useState, type ReactNode } from 'react'

/**
 * Its children, drawn just after the content before them has been painted (issue 17, first
 * render): a long form shows its top at once and the rest follows in a transition, which React
 * renders in slices, instead of all of it in one long task that the first paint waits for. Use it
 * only for what comes last on the screen (nothing above it then moves when it appears). Nesting
 * spreads the rest over several frames. A lazy component inside it starts loading only then, so its
 * download does not compete with what the first paint needs.
 */
export function AfterFirstPaint({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    let live = true
    const show = () => live && startTransition(() => setShown(true))
    // After the browser has painted this commit: a frame callback runs just before the paint, and a
    // task queued from it runs after it (a bare timeout can run before the paint and delay it). Then
    // a transition.
    let handle: ReturnType<typeof setTimeout> | undefined
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (handle = setTimeout(show, 0))) : undefined
    if (frame === undefined) handle = setTimeout(show, 0)
    return () => {
      live = false
      if (frame !== undefined) cancelAnimationFrame(frame)
      clearTimeout(handle)
    }
  }, [])
  // `placeholder`: what stands in its place until then (same size, so nothing moves).
  return <>{shown ? children : placeholder}</>
}
