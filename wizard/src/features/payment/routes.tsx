/** The payment feature's routes (issue 12), each loaded on first visit. The static `payment` segment outranks the permit editor's `:section?`. */
import type { RouteObject } from 'react-router'
import { lazyScreen } from '../../components/lazy-screen'

export const paymentRoutes: RouteObject[] = [
  // Native controls; its 3-D Secure dialog brings its own react-aria providers (LazyModal).
  { path: '/permit/edit/:id/payment/', ...lazyScreen(() => import('./payment-screen').then((m) => m.PaymentScreen), { auth: true, aria: false }) },
  { path: '/account/invoices/', ...lazyScreen(() => import('./account-invoices-screen').then((m) => m.AccountInvoicesScreen), { auth: true }) },
]
