import type { RouteObject } from 'react-router'
import { RequireAuth } from '../account/components/require-auth'
import { DrawScreen } from './components/draw-screen'

/** The random draw service's screen (issue 15): /promotions/draw/{promotionId}/. */
export const drawRoutes: RouteObject[] = [{ path: '/promotions/draw/:id/', element: <RequireAuth><DrawScreen /></RequireAuth> }]
