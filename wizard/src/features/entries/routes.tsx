import type { RouteObject } from 'react-router'
import { APP_ROUTES } from '@permitdesk/shared/app-routes'
import { lazyScreen } from '../../components/lazy-screen'

/** Issue 27: the promoter's entry form and entries, and the hosted form entrants use (public). */
export const entryRoutes: RouteObject[] = [
  { path: APP_ROUTES.entries, ...lazyScreen(() => import('./components/entries-screen').then((m) => m.EntriesScreen), { auth: true }) },
  { path: APP_ROUTES.enter, ...lazyScreen(() => import('./components/enter-screen').then((m) => m.EnterScreen), { aria: false }) },
]
