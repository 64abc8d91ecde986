import type { RouteObject } from 'react-router'
import { lazyScreen } from '../../../components/lazy-screen'

/** The Screening tab of a promotion's entries (issue 27): /promotions/entries/{promotionId}/screening/. */
export const screeningRoutes: RouteObject[] = [
  { path: '/promotions/entries/:id/screening/', ...lazyScreen(() => import('./screening-screen').then((m) => m.ScreeningScreen), { auth: true }) },
]
