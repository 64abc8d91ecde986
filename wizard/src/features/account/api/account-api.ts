/** The account calls of 000 §7 (POST/GET /api/account/{action}). */
import type { AccountUpdate, ApiKeyRevokedReason, ChangePassword, ForgotPassword, Login, Register, ResetPassword } from '@permitdesk/shared'
import { api } from '../../../lib/api-client'
import { clientSession } from '../../../lib/client-session'
import type { SessionUserView } from '../../../lib/session-api'

export type { SessionUserView }

export type LoginAnswer = { agent: boolean; user: SessionUserView; staffPath?: string }

export const login = (input: Login) => api.post<LoginAnswer>('/api/account/login', { ...input, clientSession }, { notify: false })
export const register = (input: Register) => api.post<{ message: string; email: string }>('/api/account/register', input, { notify: false })
export const forgotPassword = (input: ForgotPassword) => api.post<{ message: string }>('/api/account/forgotPassword', input, { notify: false })
export const resetPassword = (input: ResetPassword) => api.post<{ message: string }>('/api/account/resetPassword', input, { notify: false })
export const updateAccount = (input: AccountUpdate) => api.post<{ message: string; user: SessionUserView }>('/api/account/update', input, { notify: false })

/** Issue 18: the current password is required; other sessions of the user end. */
export const changePassword = (input: ChangePassword) => api.post<{ message: string }>('/api/account/changePassword', input, { notify: false })
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
export const listApiKeys = () => api.get<ApiKeyView[]>('/api/apiKey/list')
export const createApiKey = (name: string) => api.post<ApiKeyView & { key: string }>('/api/apiKey/create', { name }, { notify: false })
export const revokeApiKey = (id: number) => api.post<{ id: number; revoked: true }>('/api/apiKey/revoke', { id })
