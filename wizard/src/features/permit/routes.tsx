/** The permit application wizard (001 §5), loaded on first visit. */
import type { RouteObject } from 'react-router'
import { APP_ROUTES } from '@permitdesk/shared/app-routes'
import { lazyScreen } from '../../components/lazy-screen'

export const permitRoutes: RouteObject[] = [
  { path: APP_ROUTES.permitEdit, ...lazyScreen(() => import('./components/permit-edit-screen').then((m) => m.PermitEditScreen), { auth: true }) },
]
