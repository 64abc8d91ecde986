import { z } from 'zod'
import {
  AccountCurrentResponseSchema,
  AccountDetailsResponseSchema,
  AccountGetResponseSchema,
  AccountUpdateResponseSchema,
  AccountUpdateSchema,
  AppError,
  AuthenticatedResponseSchema,
  ForgotPasswordSchema,
  LoginResponseSchema,
  LoginSchema,
  LogOutResponseSchema,
  MessageResponseSchema,
  MSG_ACCOUNT_UPDATED,
  MSG_FIELD_INVALID,
  MSG_PASSWORD_RESET_DONE,
  msgRegisteredCheckEmail,
  RegisterResponseSchema,
  RegisterSchema,
  ResetPasswordSchema,
  SupportDetailsResponseSchema,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { clearSessionCookie, setSessionCookie, type SessionState } from '../../http/auth'
import { route, type RouteSpec } from '../../http/route'
import type { AccountDeps } from './account-deps'
import { toUserView } from './account-view'
import { confirmEmail } from './confirm-email'
import { getAccount, getAccountDetails, getCurrentAccount, getSupportDetails } from './get-account'
import { logOut, markClosing } from './log-out'
import { registerAccount } from './register-account'
import { requestPasswordReset } from './request-password-reset'
import { resetPassword } from './reset-password'
import { signIn } from './sign-in'
import { updateAccount } from './update-account'
import { assertBotCheck } from '../bot-check/bot-check'
import { authenticatedAnswer, AuthenticatedSchema } from './session-poll'

const clientSession = z.uuid({ error: MSG_FIELD_INVALID }).nullish().catch(undefined)
const strictClientSession = z.uuid({ error: MSG_FIELD_INVALID }).nullish()
const KillSessionsSchema = z.object({ clientSession: strictClientSession })
const ConfirmQuerySchema = z.object({ token: z.string().max(200).optional().catch(undefined) })
const LoginBodySchema = LoginSchema.extend({ clientSession })

/** The spec's account calls (000 §7): POST/GET /api/account/{action}, case-insensitive. */
export function accountRoutes(deps: AppDeps): RouteSpec[] {
  const accountDeps: AccountDeps = { db: deps.database.db, mailer: deps.mailer, logger: deps.logger, config: deps.config }
  const db = deps.database.db
  const secure = deps.config.secureCookies
  return [
    route({
      method: 'post',
      path: '/account/register',
      access: 'public',
      summary: 'Register an account; a confirmation e-mail is sent.',
      body: RegisterSchema,
      response: RegisterResponseSchema,
      handler: async ({ body }) => {
        await assertBotCheck(deps, body.recaptchaResponse)
        const user = await registerAccount(accountDeps, body)
        return { message: msgRegisteredCheckEmail(user.email), email: user.email }
      },
    }),
    route({
      method: 'get',
      path: '/account/confirmEmail',
      access: 'public',
      raw: true,
      summary: 'The link of the confirmation e-mail: confirms, then redirects to the login screen.',
      query: ConfirmQuerySchema,
      handler: async ({ query, res }) => {
        const ok = Boolean(query.token) && (await confirmEmail(db, query.token!))
        res.redirect(303, ok ? '/account/login/?confirmed=1' : '/account/login/?error=confirm')
      },
    }),
    route({
      method: 'post',
      path: '/account/login',
      access: 'public',
      summary: 'Sign in; sets the session cookie.',
      body: LoginBodySchema,
      response: LoginResponseSchema,
      handler: async ({ body, req, res }) => {
        await assertBotCheck(deps, body.recaptchaResponse)
        const { user, token } = await signIn(accountDeps, body, { address: req.ip ?? 'unknown', clientSession: body.clientSession })
        setSessionCookie(res, token, secure)
        return { agent: user.isStaff, user: toUserView(user), ...(user.isStaff ? { staffPath: deps.config.STAFF_PATH } : {}) }
      },
    }),
    // Polled every 5 s by every open tab while signed in (000 §7): authenticate already did the one lookup.
    route({
      method: 'post',
      path: '/account/authenticated',
      access: 'public',
      summary: 'Is this session still signed in? 401 signed out, 403 when replaced by a newer login.',
      body: AuthenticatedSchema,
      response: AuthenticatedResponseSchema,
      handler: ({ res, user }) => {
        const state = res.locals.sessionState as SessionState
        if (user && (state === 'live' || res.locals.apiKey)) return authenticatedAnswer(user)
        if (state === 'replaced') throw new AppError('SESSION_REPLACED')
        throw new AppError('UNAUTHENTICATED')
      },
    }),
    // Sent on page unload (000 §7): the session ends unless the browser comes back at once (a reload).
    // POST only (issue 24; the spec lists it under GET): a GET must not change state, and a link or
    // an image on another page could otherwise mark a session closing. The app sends it with sendBeacon.
    route({
      method: 'post',
      path: '/account/killsessions',
      access: 'public',
      raw: true,
      summary: 'Page unload (navigator.sendBeacon): the session ends unless the browser comes back at once.',
      body: KillSessionsSchema,
      handler: async ({ res }) => {
        await markClosing(db, res.locals.session)
        res.status(204).end()
      },
    }),
    route({
      method: 'post',
      path: '/account/logOut',
      access: 'public',
      summary: 'Sign out.',
      response: LogOutResponseSchema,
      handler: async ({ res }) => {
        await logOut(db, res.locals.session)
        clearSessionCookie(res, secure)
        return { authenticated: false as const }
      },
    }),
    route({
      method: 'post',
      path: '/account/forgotPassword',
      access: 'public',
      summary: 'E-mail a password reset link.',
      body: ForgotPasswordSchema,
      response: MessageResponseSchema,
      handler: async ({ body, req }) => {
        await assertBotCheck(deps, body.recaptchaResponse)
        return requestPasswordReset(accountDeps, body, { address: req.ip ?? 'unknown' })
      },
    }),
    route({
      method: 'post',
      path: '/account/resetPassword',
      access: 'public',
      summary: 'Set a new password with the token of the reset e-mail.',
      body: ResetPasswordSchema,
      response: MessageResponseSchema,
      handler: async ({ body, res }) => {
        await resetPassword(accountDeps, body)
        clearSessionCookie(res, secure)
        return { message: MSG_PASSWORD_RESET_DONE }
      },
    }),
    route({
      method: 'post',
      path: '/account/update',
      access: 'session',
      summary: 'Change the account details (what get returns is accepted back).',
      body: AccountUpdateSchema,
      response: AccountUpdateResponseSchema,
      idempotent: true,
      handler: async ({ body, user }) => ({ message: MSG_ACCOUNT_UPDATED, user: toUserView(await updateAccount(db, user.id, body)) }),
    }),
    route({
      method: 'get',
      path: '/account/get',
      access: 'user',
      summary: 'The signed-in account.',
      response: AccountGetResponseSchema,
      handler: ({ user }) => getAccount(db, user.id),
    }),
    route({
      method: 'get',
      path: '/account/current',
      access: 'public',
      summary: 'Who is signed in (200 either way).',
      response: AccountCurrentResponseSchema,
      handler: ({ user }) => getCurrentAccount(db, user?.id),
    }),
    route({
      method: 'get',
      path: '/account/getDetails',
      access: 'user',
      summary: 'The account with its creation and confirmation times.',
      response: AccountDetailsResponseSchema,
      handler: ({ user }) => getAccountDetails(db, user.id),
    }),
    route({
      method: 'get',
      path: '/account/getSupportDetails',
      access: 'user',
      summary: 'Name, organisation, phone, e-mail and promotions for the support form.',
      response: SupportDetailsResponseSchema,
      handler: ({ user }) => getSupportDetails(db, user.id),
    }),
  ]
}
