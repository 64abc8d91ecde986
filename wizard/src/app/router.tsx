/**
 * The app's routes: each feature lists its own, and the app composes them (features never import
 * each other). Every screen is its own chunk; the staff console is one lazy chunk customers
 * never download.
 */
import { createBrowserRouter } from 'react-router'
import { AppRoot } from '../components/app-root'
import { NotFound } from '../components/not-found'
import { staffPath } from '../config/paths'
import { accountRoutes } from '../features/account/routes'
import { drawRoutes } from '../features/draws/routes'
import { entryRoutes } from '../features/entries/routes'
import { paymentRoutes } from '../features/payment/routes'
import { permitRoutes } from '../features/permit/routes'
import { promotionRoutes } from '../features/promotions/routes'
import { ruleRoutes } from '../features/rules/routes'
import { screeningRoutes } from '../features/entries/screening/routes'

export const router = createBrowserRouter([
  {
    element: <AppRoot />,
    // A first load waits for the screen's chunk under index.html's static header bar.
    HydrateFallback: () => null,
    children: [
      ...accountRoutes,
      ...paymentRoutes,
      ...promotionRoutes,
      ...permitRoutes,
      ...drawRoutes,
      ...ruleRoutes,
      ...entryRoutes,
      ...screeningRoutes,
      { path: `${staffPath}*`, lazy: () => import('../staff/staff-home') },
      { path: '*', element: <NotFound /> },
    ],
  },
])
