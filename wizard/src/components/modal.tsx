import { useEffect, useId, useRef, type ReactNode } from 'react'

type Props = { title: string; children: ReactNode; actions: ReactNode }

/**
 * A non-dismissable modal dialog (000 §4: the idle warning and "logged in elsewhere"): no close
 * button, Escape does nothing, focus moves into it and stays there.
 */
export function BlockingModal({ title, children, actions }: Props) {
  const titleId = useId()
  const bodyId = useId()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    ref.current?.querySelector<HTMLElement>('button')?.focus()
    const trap = (event: KeyboardEvent) => {
      if (event.key === 'Escape') event.preventDefault()
      if (event.key !== 'Tab' || !ref.current) return
      const focusable = [...ref.current.querySelectorAll<HTMLElement>('button, a[href], input')]
      if (!focusable.length) return
      const first = focusable[0]!
      const last = focusable[focusable.length - 1]!
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', trap)
    return () => {
      document.removeEventListener('keydown', trap)
      previous?.focus?.()
    }
  }, [])
  return (
    <div className="modal-backdrop">
      <div ref={ref} className="modal" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId}>
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId}>{children}</div>
        <div className="modal-actions">{actions}</div>
      </div>
    </div>
  )
}
