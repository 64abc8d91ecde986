/**
 * The card field when Stripe is configured (issue 12): Stripe Elements in the browser, so the
 * card number never reaches our server. `useStripeCard` gives the page a PaymentMethod id to send
 * and completes 3-D Secure (`requires_action`) with Stripe.js.
 */
// The pure entry loads Stripe.js only when loadStripe is called (the sandbox never does).
import { loadStripe } from '@stripe/stripe-js/pure'
import type { Stripe, StripeCardElement } from '@stripe/stripe-js'
import { useEffect, useRef, useState } from 'react'

export type StripeCard = {
  ready: boolean
  /** A PaymentMethod id for the card typed, or the error message Stripe gave. */
  createPaymentMethod: (name: string) => Promise<{ id: string } | { error: string }>
  /** 3-D Secure and other next actions; resolves with an error message when it did not succeed. */
  handleNextAction: (clientSecret: string) => Promise<{ error?: string }>
}

export function useStripeCard(publishableKey: string | null, mount: HTMLDivElement | null): StripeCard {
  const stripe = useRef<Stripe | null>(null)
  const card = useRef<StripeCardElement | null>(null)
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (!publishableKey || !mount) return
    let cancelled = false
    loadStripe(publishableKey).then((loaded) => {
      if (cancelled || !loaded) return
      stripe.current = loaded
      card.current = loaded.elements().create('card', { hidePostalCode: true })
      card.current.mount(mount)
      setReady(true)
    })
    return () => {
      cancelled = true
      card.current?.destroy()
    }
  }, [publishableKey, mount])
  return {
    ready,
    async createPaymentMethod(name) {
      if (!stripe.current || !card.current) return { error: 'The card form is still loading.' }
      const result = await stripe.current.createPaymentMethod({ type: 'card', card: card.current, billing_details: { name } })
      return result.error ? { error: result.error.message ?? 'Your card could not be used.' } : { id: result.paymentMethod.id }
    },
    async handleNextAction(clientSecret) {
      if (!stripe.current) return { error: 'The card form is still loading.' }
      const result = await stripe.current.handleNextAction({ clientSecret })
      return result.error ? { error: result.error.message ?? 'Your card could not be authenticated.' } : {}
    },
  }
}
