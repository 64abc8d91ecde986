/** The payment feature's routes (issue 12). The static `payment` segment outranks the permit editor's `:section?`. */
import type { RouteObject } from 'react-router'
import { RequireAuth } from '../account/components/require-auth'
import { AccountInvoicesScreen } from './account-invoices-screen'
import { PaymentScreen } from './payment-screen'

export const paymentRoutes: RouteObject[] = [
  { path: '/permit/edit/:id/payment/', element: <RequireAuth><PaymentScreen /></RequireAuth> },
  { path: '/account/invoices/', element: <RequireAuth><AccountInvoicesScreen /></RequireAuth> },
]
