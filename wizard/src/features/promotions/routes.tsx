/**
 * The promotions feature's routes (001 §2, 000 §2). /promotions/game-of-skill/ is a creation
 * screen for a skill-based promotion (of the spec's two readings we chose this one; see README).
 * Private screens are wrapped in RequireAuth: a signed-out visitor goes to the login screen with
 * the return address before any call is made (000 §2).
 */
import { Navigate, type RouteObject } from 'react-router'
import { RequireAuth } from '../account/components/require-auth'
import { CreatePromotionScreen } from './components/create-promotion-screen'
import { ModifyPromotionScreen } from './components/modify-promotion-screen'
import { MyPromotionsScreen } from './components/my-promotions-screen'
import { PromotionDashboard } from './components/promotion-dashboard'
import { PermitEditScreen } from '../permit/components/permit-edit-screen'
import { promotionPaths } from './config'
import './promotions.css'

export const promotionRoutes: RouteObject[] = [
  { path: promotionPaths.list, element: <RequireAuth><MyPromotionsScreen archived={false} /></RequireAuth> },
  { path: promotionPaths.archive, element: <RequireAuth><MyPromotionsScreen archived /></RequireAuth> },
  { path: promotionPaths.create, element: <Navigate to={promotionPaths.gameOfChance} replace /> },
  { path: promotionPaths.gameOfChance, element: <CreatePromotionScreen skill={false} /> },
  { path: promotionPaths.gameOfSkill, element: <CreatePromotionScreen skill /> },
  { path: promotionPaths.wizard, element: <CreatePromotionScreen skill={false} /> },
  { path: '/promotions/edit/:id/', element: <RequireAuth><PromotionDashboard /></RequireAuth> },
  { path: '/promotions/modify/:id/', element: <RequireAuth><ModifyPromotionScreen skill={false} /></RequireAuth> },
  { path: '/promotions/modifyskillsbased/:id/', element: <RequireAuth><ModifyPromotionScreen skill /></RequireAuth> },
  { path: '/permit/edit/:id/:section?/', element: <RequireAuth><PermitEditScreen /></RequireAuth> },
]
