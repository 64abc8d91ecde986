import { createBrowserRouter } from 'react-router'
import { NotFound } from '../components/not-found'
import { AccountEditScreen } from '../features/account/components/account-edit-screen'
import { ForgotPasswordScreen } from '../features/account/components/forgot-password-screen'
import { LoginScreen } from '../features/account/components/login-screen'
import { RegisterScreen } from '../features/account/components/register-screen'
import { RequireAuth } from '../features/account/components/require-auth'
import { ResetPasswordScreen } from '../features/account/components/reset-password-screen'
import { promotionRoutes } from '../features/promotions/routes'
import { drawRoutes } from '../features/draws/routes'
import { staffPath } from '../config/paths'

export const router = createBrowserRouter([
  { path: '/account/login/', element: <LoginScreen /> },
  { path: '/account/register/', element: <RegisterScreen /> },
  { path: '/account/forgotpassword/', element: <ForgotPasswordScreen /> },
  { path: '/account/resetpassword/:token/', element: <ResetPasswordScreen /> },
  { path: '/account/edit/', element: <RequireAuth><AccountEditScreen /></RequireAuth> },
  ...promotionRoutes,
  ...drawRoutes,
  // Lazy: customers never download the staff console.
  { path: `${staffPath}*`, lazy: () => import('../staff/staff-home') },
  { path: '*', element: <NotFound /> },
])
