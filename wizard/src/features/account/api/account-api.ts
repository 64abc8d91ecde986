/** The account calls of 000 §7 (POST/GET /api/account/{action}). */
import type { AccountUpdate, ApiKeyRevokedReason, ChangePassword, ForgotPassword, Login, Register, ResetPassword } from '@permitdesk/shared'
import { typedApi } from '../../../lib/typed-api'
import { clientSession } from '../../../lib/client-session'
import type { SessionUserView } from '../../../lib/session-api'

export type { SessionUserView }

export type LoginAnswer = { agent: boolean; user: SessionUserView; staffPath?: string }

export const login = (input: Login) => typedApi.post('/account/login', { ...input, clientSession }, { notify: false }) as Promise<LoginAnswer>
export const register = (input: Register) => typedApi.post('/account/register', input, { notify: false }) as Promise<{ message: string; email: string }>
export const forgotPassword = (input: ForgotPassword) => typedApi.post('/account/forgotPassword', input, { notify: false }) as Promise<{ message: string }>
export const resetPassword = (input: ResetPassword) => typedApi.post('/account/resetPassword', input, { notify: false }) as Promise<{ message: string }>
export const updateAccount = (input: AccountUpdate) =>
  typedApi.post('/account/update', input, { notify: false }) as Promise<{ message: string; user: SessionUserView }>

/** Issue 18: the current password is required; other sessions of the user end. */
export const changePassword = (input: ChangePassword) => typedApi.post('/account/changePassword', input, { notify: false }) as Promise<{ message: string }>
/** API keys (issue 11): managed with the signed-in session; the key itself is in the create answer only. */
export type ApiKeyView = {
  id: number
  name: string
  prefix: string
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
  revokedReason: ApiKeyRevokedReason | null
}
export const listApiKeys = () => typedApi.get('/apiKey/list') as Promise<ApiKeyView[]>
export const createApiKey = (name: string) => typedApi.post('/apiKey/create', { name }, { notify: false }) as Promise<ApiKeyView & { key: string }>
export const revokeApiKey = (id: number) => typedApi.post('/apiKey/revoke', { id }) as Promise<{ id: number; revoked: true }>
