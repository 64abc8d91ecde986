import { useCallback, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSearchParams } from 'react-router'
import {
  LoginSchema,
  MSG_ALREADY_REGISTERED_SIGN_IN,
  MSG_BOT_CHECK_PENDING,
  MSG_CONFIRM_LINK_INVALID,
  MSG_EMAIL_CONFIRMED,
  MSG_GENERIC_ERROR,
  MSG_LOGIN_FAILED,
  MSG_LOGIN_REQUIRED,
  MSG_PASSWORD_RESET_DONE,
  MSG_WIZARD_DRAFT_KEPT,
  type Login,
} from '@permitdesk/shared'
import { AppLayout } from '../../../components/layouts/app-layout'
import { readWizardDraft } from '../../../lib/wizard-draft-cookie'
import { paths } from '../../../config/paths'
import { login } from '../api/account-api'
import { useWizardHandover } from '../hooks/use-wizard-handover'
import { useSession } from '../../../lib/session'
import { BotCheckField, useBotCheck } from './bot-check-field'
import { FormField, FormMessage } from './form-field'
import { applyServerErrors, safeReturnUrl } from './server-errors'
import { Button } from '../../../components/ui'

/**
 * /account/login/ (000 §2; query error, create, ReturnUrl). After login: the ReturnUrl if given,
 * else the staff console for staff (agent), else the promotion handed over from the wizard, else
 * /promotions/ (000 §4).
 */
export function LoginScreen() {
  const [params] = useSearchParams()
  const session = useSession()
  const handOver = useWizardHandover()
  const returnUrl = safeReturnUrl(params.get('ReturnUrl'))
  const errorFlag = params.get('error')
  const [formError, setFormError] = useState<string | null>(
    errorFlag === 'registered' ? MSG_ALREADY_REGISTERED_SIGN_IN : errorFlag === 'confirm' ? MSG_CONFIRM_LINK_INVALID : null,
  )
  const note = params.get('confirmed') ? MSG_EMAIL_CONFIRMED : params.get('reset') ? MSG_PASSWORD_RESET_DONE : returnUrl ? MSG_LOGIN_REQUIRED : null
  const {
    control,
    handleSubmit,
    setValue,
    setError,
    getValues,
    formState: { isSubmitting },
  } = useForm<Login>({ resolver: zodResolver(LoginSchema), defaultValues: { email: params.get('email') ?? '', password: '', recaptchaResponse: undefined } })

  const bot = useBotCheck(useCallback((token: string | undefined) => setValue('recaptchaResponse', token), [setValue]))

  const onSubmit = async (values: Login) => {
    setFormError(null)
    const recaptchaResponse = values.recaptchaResponse ?? (await bot.waitForToken())
    if (recaptchaResponse === undefined) return setFormError(MSG_BOT_CHECK_PENDING)
    values = { ...values, recaptchaResponse }
    try {
      const answer = await login(values)
      session.signedIn(answer.user)
      const target = returnUrl ?? (answer.agent ? (answer.staffPath ?? '/admin/') : ((await handOver()) ?? paths.promotions))
      window.location.assign(target)
    } catch (error) {
      const message = applyServerErrors(error, setError, ['email', 'password'])
      // 001 §8: the generic server text is replaced by the login failure message.
      setFormError(message === MSG_GENERIC_ERROR ? MSG_LOGIN_FAILED : message)
      // 000 §5: login forms reset the captcha.
      bot.reset()
    }
  }

  const registerHref = `${paths.register}?${new URLSearchParams({ ...(getValues('email') ? { email: getValues('email') } : {}), ...(params.has('create') ? { create: params.get('create') ?? '' } : {}) })}`

  return (
    <AppLayout title="Sign in">
      <h1>Sign in</h1>
      <FormMessage error={formError} note={note} />
      {params.has('create') && readWizardDraft() !== null && (
        <p className="notice info" data-testid="wizard-draft-kept">
          {MSG_WIZARD_DRAFT_KEPT}
        </p>
      )}
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Sign in">
        <FormField id="email" label="Email address" type="email" autoComplete="email" control={control} name="email" />
        <FormField id="password" label="Password" type="password" autoComplete="current-password" control={control} name="password" />
        <BotCheckField resetKey={bot.resetKey} onToken={bot.onToken} />
        <Button type="submit" isDisabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <p>
        <a href={`${paths.forgotPassword}${getValues('email') ? `?email=${encodeURIComponent(getValues('email'))}` : ''}`}>Forgot your password?</a> ·{' '}
        <a href={registerHref}>Create an account</a>
      </p>
    </AppLayout>
  )
}
