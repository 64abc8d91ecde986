/** The payment feature's routes (issue 12), each loaded on first visit. The static `payment` segment outranks the permit editor's `:section?`. */
import type { RouteObject } from 'react-router'
import { lazyScreen } from '../../components/lazy-screen'

export const paymentRoutes: RouteObject[] = [
  { path: '/permit/edit/:id/payment/', ...lazyScreen(() => import('./payment-screen').then((m) => m.PaymentScreen), { auth: true }) },
  { path: '/account/invoices/', ...lazyScreen(() => import('./account-invoices-screen').then((m) => m.AccountInvoicesScreen), { auth: true }) },
]
