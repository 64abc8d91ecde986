/** The permit application wizard (001 §5), loaded on first visit. */
import type { RouteObject } from 'react-router'
import { lazyScreen } from '../../components/lazy-screen'

export const permitRoutes: RouteObject[] = [
  { path: '/permit/edit/:id/:section?/', ...lazyScreen(() => import('./components/permit-edit-screen').then((m) => m.PermitEditScreen), { auth: true }) },
]
