/** The public rules page (issue #30): /rules/, no sign-in. */
import type { RouteObject } from 'react-router'
import { lazyScreen } from '../../components/lazy-screen'

export const ruleRoutes: RouteObject[] = [{ path: '/rules/', ...lazyScreen(() => import('./components/rules-screen').then((m) => m.RulesScreen), { aria: false }) }]
