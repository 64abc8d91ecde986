import type { RouteObject } from 'react-router'
import { lazyScreen } from '../../components/lazy-screen'

/** The random draw service's screen (issue 15): /promotions/draw/{promotionId}/, loaded on first visit. */
export const drawRoutes: RouteObject[] = [
  { path: '/promotions/draw/:id/', ...lazyScreen(() => import('./components/draw-screen').then((m) => m.DrawScreen), { auth: true }) },
]
