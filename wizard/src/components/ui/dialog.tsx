import type { ReactNode } from 'react'
import { Dialog as AriaDialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components'
import { Button } from './button'

export type ModalProps = {
  isOpen: boolean
  title: string
  children: ReactNode
  /** The buttons; a Close button when left out. */
  actions?: ReactNode
  onClose?: () => void
  /**
   * Blocking (000 §4: the idle warning, "logged in elsewhere"): an alertdialog that neither Escape
   * nor a click outside closes; only its own buttons do.
   */
  blocking?: boolean
  size?: 'md' | 'lg'
}

/** The app's one modal dialog (react-aria: focus moves in, stays in, and returns to the opener). */
export function Modal({ isOpen, title, children, actions, onClose, blocking = false, size = 'md' }: ModalProps) {
  return (
    <ModalOverlay
      className="ui-modal-overlay"
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose?.()}
      isDismissable={!blocking}
      isKeyboardDismissDisabled={blocking}
    >
      <AriaModal className={`ui-modal ui-modal--${size}`}>
        <AriaDialog className="ui-modal__dialog" role={blocking ? 'alertdialog' : 'dialog'}>
          <Heading slot="title" className="ui-modal__title">
            {title}
          </Heading>
          <div className="ui-modal__body">{children}</div>
          <div className="ui-modal__actions">
            {actions ?? (
              <Button variant="primary" onPress={onClose}>
                Close
              </Button>
            )}
          </div>
        </AriaDialog>
      </AriaModal>
    </ModalOverlay>
  )
}
