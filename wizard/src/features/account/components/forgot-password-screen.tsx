import { useCallback, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSearchParams } from 'react-router'
import { ForgotPasswordSchema, MSG_BOT_CHECK_PENDING, msgErrorPersists, type ForgotPassword } from '@permitdesk/shared'
import { AppLayout } from '../../../components/layouts/app-layout'
import { paths } from '../../../config/paths'
import { ApiError } from '../../../lib/api-client'
import { forgotPassword } from '../api/account-api'
import { SUPPORT_EMAIL } from '../../../config/settings'
import { BotCheckField, useBotCheck } from './bot-check-field'
import { FormField, FormMessage } from './form-field'
import { applyServerErrors } from './server-errors'
import { Button } from '../../../components/ui'

/** /account/forgotpassword/ (000 §2; query email). Success and failure texts are 001 §8's. */
export function ForgotPasswordScreen() {
  const [params] = useSearchParams()
  const [formError, setFormError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const {
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { isSubmitting },
  } = useForm<ForgotPassword>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: params.get('email') ?? '', recaptchaResponse: undefined },
  })

  const bot = useBotCheck(useCallback((token: string | undefined) => setValue('recaptchaResponse', token), [setValue]))

  const onSubmit = async (values: ForgotPassword) => {
    setFormError(null)
    setNote(null)
    const recaptchaResponse = values.recaptchaResponse ?? (await bot.waitForToken())
    if (recaptchaResponse === undefined) return setFormError(MSG_BOT_CHECK_PENDING)
    values = { ...values, recaptchaResponse }
    try {
      setNote((await forgotPassword(values)).message)
    } catch (error) {
      const known = error instanceof ApiError && error.status > 0 && error.status < 500
      const message = applyServerErrors(error, setError, ['email', 'recaptchaResponse'])
      setFormError(known ? message : msgErrorPersists(SUPPORT_EMAIL))
    }
    bot.reset()
  }

  return (
    <AppLayout title="Forgot password">
      <h1>Forgot your password?</h1>
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      <FormMessage error={formError} note={note} />
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Forgot password">
        <FormField id="email" label="Email address" type="email" autoComplete="email" control={control} name="email" />
        <BotCheckField resetKey={bot.resetKey} onToken={bot.onToken} />
        <Button type="submit" isDisabled={isSubmitting}>
          Send reset link
        </Button>
      </form>
      <p>
        <a href={paths.login}>Back to sign in</a>
      </p>
    </AppLayout>
  )
}
