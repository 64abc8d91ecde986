/** The public rules page (issue #30): /rules/, no sign-in. */
import type { RouteObject } from 'react-router'
import { APP_ROUTES } from '@permitdesk/shared/app-routes'
import { lazyScreen } from '../../components/lazy-screen'

export const ruleRoutes: RouteObject[] = [
  { path: APP_ROUTES.rules, ...lazyScreen(() => import('./components/rules-screen').then((m) => m.RulesScreen), { aria: false }) },
]
