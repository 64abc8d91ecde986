import { Suspense } from 'react'
import { lazyWithAriaProviders } from '../lazy-aria'
import type { ModalProps } from './dialog'

const Modal = lazyWithAriaProviders(() => import('./dialog').then((module) => module.Modal))

/**
 * The Modal, with its react-aria code loaded the first time it opens (a few KB over the network),
 * so that a screen which only might open a dialog (My Promotions' delete confirmation) does not
 * download or evaluate it on first load.
 */
export function LazyModal(props: ModalProps) {
  if (!props.isOpen) return null
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  )
}
