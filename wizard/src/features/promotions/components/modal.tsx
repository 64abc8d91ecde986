import { useEffect, useId, useRef, type ReactNode } from 'react'

type Props = {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  actions?: ReactNode
}

/**
 * An accessible modal on the native <dialog>: focus moves into it, Tab stays inside, Escape
 * closes it, and focus returns to what opened it.
 */
export function Modal({ open, title, onClose, children, actions }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="modal-body">{children}</div>
      <div className="modal-actions">
        {actions ?? (
          <button type="button" className="primary" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    </dialog>
  )
}
