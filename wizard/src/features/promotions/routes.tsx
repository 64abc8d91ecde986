/**
 * The promotions feature's routes (001 §2, 000 §2). /promotions/game-of-skill/ is a creation
 * screen for a skill-based promotion (of the spec's two readings we chose this one; see README).
 * Private screens send a signed-out visitor to the login screen via the API's 401.
 */
import { Navigate, type RouteObject } from 'react-router'
import { CreatePromotionScreen } from './components/create-promotion-screen'
import { ModifyPromotionScreen } from './components/modify-promotion-screen'
import { MyPromotionsScreen } from './components/my-promotions-screen'
import { PromotionDashboard } from './components/promotion-dashboard'
import { promotionPaths } from './config'
import './promotions.css'

export const promotionRoutes: RouteObject[] = [
  { path: promotionPaths.list, element: <MyPromotionsScreen archived={false} /> },
  { path: promotionPaths.archive, element: <MyPromotionsScreen archived /> },
  { path: promotionPaths.create, element: <Navigate to={promotionPaths.gameOfChance} replace /> },
  { path: promotionPaths.gameOfChance, element: <CreatePromotionScreen skill={false} /> },
  { path: promotionPaths.gameOfSkill, element: <CreatePromotionScreen skill /> },
  { path: promotionPaths.wizard, element: <CreatePromotionScreen skill={false} /> },
  { path: '/promotions/edit/:id/', element: <PromotionDashboard /> },
  { path: '/promotions/modify/:id/', element: <ModifyPromotionScreen skill={false} /> },
  { path: '/promotions/modifyskillsbased/:id/', element: <ModifyPromotionScreen skill /> },
]
