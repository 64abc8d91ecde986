/**
 * Issue 22: a paid service (the draw, the T&Cs, the lodgement pack) that waits for its payment
 * says so before the customer tries: the server's own sentence (what waits and how much), with
 * the payment page (or the services page, for a service not bought) as a link. Read fresh on
 * every visit, so a payment just made shows at once.
 */
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { LABEL_SERVICE_WAITS_FOR_PAYMENT } from '@permitdesk/shared'
import { Alert } from './ui'
import { getServicePayment, type PaidServiceName, type ServicePaymentState } from '../lib/payments-api'

export const servicePaymentKey = (promotionId: number) => ['servicePayment', promotionId] as const

/** The service's state, or undefined while it loads (the server refuses anyway: this only shows it). */
export function useServicePayment(promotionId: number, service: PaidServiceName): ServicePaymentState | undefined {
  const query = useQuery({
    queryKey: servicePaymentKey(promotionId),
    queryFn: () => getServicePayment(promotionId),
    staleTime: 0,
    enabled: Number.isInteger(promotionId) && promotionId > 0,
  })
  return query.data?.services[service]
}

/** True while the service waits (owed or not bought). */
export const serviceWaits = (state: ServicePaymentState | undefined) => state !== undefined && state.state !== 'paid'

export function ServicePaymentNotice({ promotionId, service }: { promotionId: number; service: PaidServiceName }) {
  const state = useServicePayment(promotionId, service)
  if (!state || state.state === 'paid' || !state.message) return null
  const path = state.paymentPath ?? state.servicesPath
  // The sentence ends with the page's address; on screen that address is the link.
  const text = path ? state.message.replace(path, '').replace(/:\s*$/, '.') : state.message
  return (
    <div data-testid={`service-payment-${service}`} data-state={state.state}>
      <Alert tone="warning" title={LABEL_SERVICE_WAITS_FOR_PAYMENT}>
        <p>
          {text} {path && <Link to={path}>{state.paymentPath ? 'Go to the payment page' : 'Go to the services page'}</Link>}
        </p>
      </Alert>
    </div>
  )
}
