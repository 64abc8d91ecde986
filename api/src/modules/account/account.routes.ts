import { Router, type Request } from 'express'
import { z } from 'zod'
import {
  AccountUpdateSchema,
  appErrorFromZod,
  ForgotPasswordSchema,
  LoginSchema,
  MSG_ACCOUNT_UPDATED,
  MSG_PASSWORD_RESET_DONE,
  MSG_RECAPTCHA_INVALID,
  MSG_SESSION_REPLACED,
  MSG_UNAUTHENTICATED,
  msgRegisteredCheckEmail,
  RegisterSchema,
  ResetPasswordSchema,
} from '@permitdesk/shared'
import type { AppDeps } from '../../app'
import { clearSessionCookie, currentUser, requireUser, setSessionCookie, type SessionState } from '../../http/auth'
import { HttpError } from '../../http/http-error'
import { verifyBotCheck } from '../bot-check/bot-check'
import { findUserById } from './account.repository'
import type { AccountDeps } from './account-deps'
import { toUserView } from './account-view'
import { confirmEmail } from './confirm-email'
import { getSupportDetails } from './get-support-details'
import { registerAccount } from './register-account'
import { requestPasswordReset } from './request-password-reset'
import { resetPassword } from './reset-password'
import { signIn } from './sign-in'
import { endSession, markSessionClosing, type LiveSession } from './session-store'
import { updateAccount } from './update-account'

function parse<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data ?? {})
  if (!result.success) throw appErrorFromZod(result.error)
  return result.data
}

const AuthenticatedSchema = z.object({
  clientSession: z.uuid().nullish(),
  currentPath: z.string().max(2000).nullish(),
})
const KillSessionsSchema = z.object({ clientSession: z.uuid().optional() })
const ConfirmQuerySchema = z.object({ token: z.string().min(1).max(200) })

/** The spec's account calls (000 §7): POST/GET /api/account/{action}, case-insensitive. */
export function accountRoutes(deps: AppDeps) {
  const router = Router({ caseSensitive: false })
  const accountDeps: AccountDeps = { db: deps.database.db, mailer: deps.mailer, logger: deps.logger, config: deps.config }
  const secure = deps.config.isProduction
  const address = (req: Request) => req.ip ?? 'unknown'
  const assertBotCheck = async (token: unknown) => {
    if (!(await verifyBotCheck(deps, token))) throw new HttpError(400, MSG_RECAPTCHA_INVALID, { recaptchaResponse: [MSG_RECAPTCHA_INVALID] }, 'VALIDATION')
  }

  router.post('/account/register', async (req, res) => {
    const input = parse(RegisterSchema, req.body)
    await assertBotCheck(input.recaptchaResponse)
    const user = await registerAccount(accountDeps, input)
    res.json({ message: msgRegisteredCheckEmail(user.email), email: user.email })
  })

  // The link of the confirmation e-mail (a GET from a mail client): confirms, then the login screen says so.
  router.get('/account/confirmEmail', async (req, res) => {
    const query = ConfirmQuerySchema.safeParse(req.query)
    const ok = query.success && (await confirmEmail(deps.database.db, query.data.token))
    res.redirect(303, ok ? '/account/login/?confirmed=1' : '/account/login/?error=confirm')
  })

  router.post('/account/login', async (req, res) => {
    const input = parse(LoginSchema, req.body)
    await assertBotCheck(input.recaptchaResponse)
    const clientSession = z.uuid().safeParse(req.body?.clientSession).data
    const { user, token } = await signIn(accountDeps, input, { address: address(req), clientSession })
    setSessionCookie(res, token, secure)
    res.json({ agent: user.isStaff, user: toUserView(user), ...(user.isStaff ? { staffPath: deps.config.STAFF_PATH } : {}) })
  })

  // Polled every 5 s by every open tab (000 §7): loadSession already did the one lookup.
  router.post('/account/authenticated', (req, res) => {
    parse(AuthenticatedSchema, req.body)
    const state = res.locals.sessionState as SessionState
    if (state === 'live') return void res.json({ authenticated: true, agent: currentUser(res).isStaff })
    if (state === 'replaced') return void res.status(403).json({ message: MSG_SESSION_REPLACED, code: 'SESSION_REPLACED' })
    res.status(401).json({ message: MSG_UNAUTHENTICATED, code: 'UNAUTHENTICATED' })
  })

  // Sent on page unload (000 §7): the session ends unless the browser comes back at once (a reload).
  router.get('/account/killsessions', async (req, res) => {
    parse(KillSessionsSchema, req.query)
    const session = res.locals.session as LiveSession | undefined
    if (session) await markSessionClosing(deps.database.db, session.id)
    res.status(204).end()
  })

  router.post('/account/logOut', async (_req, res) => {
    const session = res.locals.session as LiveSession | undefined
    if (session) await endSession(deps.database.db, session.id, 'logout')
    clearSessionCookie(res, secure)
    res.json({ authenticated: false })
  })

  router.post('/account/forgotPassword', async (req, res) => {
    const input = parse(ForgotPasswordSchema, req.body)
    await assertBotCheck(input.recaptchaResponse)
    res.json(await requestPasswordReset(accountDeps, input, { address: address(req) }))
  })

  router.post('/account/resetPassword', async (req, res) => {
    const input = parse(ResetPasswordSchema, req.body)
    await resetPassword(accountDeps, input)
    clearSessionCookie(res, secure)
    res.json({ message: MSG_PASSWORD_RESET_DONE })
  })

  router.post('/account/update', requireUser, async (req, res) => {
    const input = parse(AccountUpdateSchema, req.body)
    const user = await updateAccount(deps.database.db, currentUser(res).id, input)
    res.json({ message: MSG_ACCOUNT_UPDATED, user: toUserView(user) })
  })

  router.get('/account/get', requireUser, async (_req, res) => {
    const user = await findUserById(deps.database.db, currentUser(res).id)
    res.json({ ...toUserView(user!), loaded: true })
  })

  // The app's start-up question "who is signed in?": 200 either way, so a visitor's page logs no error.
  router.get('/account/current', async (_req, res) => {
    const signedIn = res.locals.user ? await findUserById(deps.database.db, currentUser(res).id) : undefined
    res.json(signedIn ? { authenticated: true, user: toUserView(signedIn) } : { authenticated: false, user: null })
  })

  router.get('/account/getDetails', requireUser, async (_req, res) => {
    const user = (await findUserById(deps.database.db, currentUser(res).id))!
    res.json({ ...toUserView(user), createdAt: user.createdAt.toISOString(), emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null })
  })

  router.get('/account/getSupportDetails', requireUser, async (_req, res) => {
    const user = (await findUserById(deps.database.db, currentUser(res).id))!
    res.json(await getSupportDetails(deps.database.db, user))
  })

  return router
}
