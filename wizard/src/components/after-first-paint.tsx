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
    // A macrotask after the commit, so the browser paints first; then a transition.
    const handle = setTimeout(() => startTransition(() => setShown(true)), 0)
    return () => clearTimeout(handle)
  }, [])
  // `placeholder`: what stands in its place until then (same size, so nothing moves).
  return <>{shown ? children : placeholder}</>
}
