import { LABEL_STAY_SIGNED_IN, MSG_IDLE_WARNING, MSG_SESSION_REPLACED } from '@permitdesk/shared'
import { LocaleProvider } from './ui/locale'
import { Button } from './ui/button'
import { Modal } from './ui/dialog'

export type SessionModal = 'idle' | 'elsewhere'

type Props = { modal: SessionModal; onStay: () => void; onSignOut: () => void }

/**
 * The session's two blocking modals (000 §4): the idle warning and "logged in elsewhere". A chunk
 * of their own, loaded when one opens (and on idle after start-up), so the entry chunk carries no
 * dialog code (issue 17, first load).
 */
export default function SessionModals({ modal, onStay, onSignOut }: Props) {
  return (
    <LocaleProvider>
      <Modal blocking isOpen={modal === 'idle'} title="Are you still there?" actions={<Button onPress={onStay}>{LABEL_STAY_SIGNED_IN}</Button>}>
        <p>{MSG_IDLE_WARNING}</p>
      </Modal>
      <Modal blocking isOpen={modal === 'elsewhere'} title="Logged in elsewhere" actions={<Button onPress={onSignOut}>OK</Button>}>
        <p>{MSG_SESSION_REPLACED}</p>
      </Modal>
    </LocaleProvider>
  )
}
