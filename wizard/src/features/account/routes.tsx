/** The account screens (000 §2). Each is loaded on first visit. */
import type { RouteObject } from 'react-router'
import { APP_ROUTES } from '@permitdesk/shared/app-routes'
import { paths } from '../../config/paths'
import { lazyScreen } from '../../components/lazy-screen'

export const accountRoutes: RouteObject[] = [
  { path: paths.login, ...lazyScreen(() => import('./components/login-screen').then((m) => m.LoginScreen)) },
  { path: paths.register, ...lazyScreen(() => import('./components/register-screen').then((m) => m.RegisterScreen)) },
  { path: paths.forgotPassword, ...lazyScreen(() => import('./components/forgot-password-screen').then((m) => m.ForgotPasswordScreen)) },
  { path: APP_ROUTES.resetPassword, ...lazyScreen(() => import('./components/reset-password-screen').then((m) => m.ResetPasswordScreen)) },
  { path: paths.changePassword, ...lazyScreen(() => import('./components/change-password-screen').then((m) => m.ChangePasswordScreen), { auth: true }) },
  { path: paths.accountEdit, ...lazyScreen(() => import('./components/account-edit-screen').then((m) => m.AccountEditScreen), { auth: true }) },
  { path: paths.apiKeys, ...lazyScreen(() => import('./components/api-keys-screen').then((m) => m.ApiKeysScreen), { auth: true }) },
]
