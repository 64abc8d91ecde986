/**
 * The promotions feature's routes (001 §2, 000 §2). /promotions/game-of-skill/ is a creation
 * screen for a skill-based promotion (of the spec's two readings we chose this one; see README).
 * Private screens are wrapped in RequireAuth: a signed-out visitor goes to the login screen with
 * the return address before any call is made (000 §2). Each screen is loaded on first visit.
 */
import { Navigate, type RouteObject } from 'react-router'
import { APP_ROUTES } from '@permitdesk/shared/app-routes'
import { lazyScreen } from '../../components/lazy-screen'
import { promotionPaths } from '../../config/paths'
import './promotions.css'

const myPromotions = (archived: boolean) => () => import('./components/my-promotions-screen').then((m) => () => <m.MyPromotionsScreen archived={archived} />)
const create = (skill: boolean) => () => import('./components/create-promotion-screen').then((m) => () => <m.CreatePromotionScreen skill={skill} />)
const modify = (skill: boolean) => () => import('./components/modify-promotion-screen').then((m) => () => <m.ModifyPromotionScreen skill={skill} />)

export const promotionRoutes: RouteObject[] = [
  // Native controls only: no react-aria providers (its delete dialog brings its own).
  { path: promotionPaths.list, ...lazyScreen(myPromotions(false), { auth: true, aria: false }) },
  { path: promotionPaths.archive, ...lazyScreen(myPromotions(true), { auth: true, aria: false }) },
  { path: promotionPaths.create, element: <Navigate to={promotionPaths.gameOfChance} replace /> },
  { path: promotionPaths.gameOfChance, ...lazyScreen(create(false)) },
  { path: promotionPaths.gameOfSkill, ...lazyScreen(create(true)) },
  { path: promotionPaths.wizard, ...lazyScreen(create(false)) },
  // Native controls at the top; its react-aria parts bring their own providers (promotion-dashboard.tsx).
  {
    path: APP_ROUTES.dashboard,
    ...lazyScreen(() => import('./components/promotion-dashboard').then((m) => m.PromotionDashboard), { auth: true, aria: false }),
  },
  { path: APP_ROUTES.modify, ...lazyScreen(modify(false), { auth: true }) },
  { path: APP_ROUTES.modifySkillsBased, ...lazyScreen(modify(true), { auth: true }) },
]
