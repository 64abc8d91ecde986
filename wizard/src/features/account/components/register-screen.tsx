import { useCallback, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSearchParams } from 'react-router'
import { MSG_ALREADY_REGISTERED, MSG_BOT_CHECK_PENDING, MSG_WIZARD_DRAFT_KEPT, RegisterSchema, type Register } from '@permitdesk/shared'
import type { z } from 'zod'
import { AppLayout } from '../../../components/layouts/app-layout'
import { readWizardDraft } from '../../../lib/wizard-draft-cookie'
import { paths } from '../../../config/paths'
import { ApiError } from '../../../lib/api-client'
import { register as registerAccount } from '../api/account-api'
import { AgentAddressFields } from './address-fields'
import { BotCheckField, useBotCheck } from './bot-check-field'
import { CheckboxField, FormField, FormMessage } from './form-field'
import { applyServerErrors } from './server-errors'
import { Button } from '../../../components/ui'

type RegisterInput = z.input<typeof RegisterSchema>
const FIELDS = ['email', 'password', 'firstName', 'lastName', 'accountName', 'phone', 'agentBusinessAddress', 'agreedTerms', 'recaptchaResponse'] as const

/**
 * /account/register/ (000 §2; query email, create). The agent fields appear when "authorised agent"
 * is ticked (001 §5). "Already registered." sends the visitor to sign in (001 §8).
 */
export function RegisterScreen() {
  const [params] = useSearchParams()
  const [formError, setFormError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const {
    control,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, Register>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: {
      email: params.get('email') ?? '',
      password: '',
      firstName: '',
      lastName: '',
      accountName: '',
      phone: '',
      optedIntoCommunication: false,
      authorisedAgent: false,
      agentBusinessAddress: { lineOne: '', lineTwo: '', suburb: '', state: '', postcode: '' },
      agreedTerms: false as unknown as true,
      recaptchaResponse: undefined,
    },
  })
  const isAgent = watch('authorisedAgent')

  const bot = useBotCheck(useCallback((token: string | undefined) => setValue('recaptchaResponse', token), [setValue]))

  const onSubmit = async (values: Register) => {
    setFormError(null)
    const recaptchaResponse = values.recaptchaResponse ?? (await bot.waitForToken())
    if (recaptchaResponse === undefined) return setFormError(MSG_BOT_CHECK_PENDING)
    values = { ...values, recaptchaResponse }
    try {
      const answer = await registerAccount({ ...values, agentBusinessAddress: values.authorisedAgent ? values.agentBusinessAddress : null })
      setDone(answer.message)
    } catch (error) {
      if (error instanceof ApiError && error.message === MSG_ALREADY_REGISTERED) {
        // 001 §8: the message is cleared and the login screen is flagged instead.
        const query = new URLSearchParams({ error: 'registered', email: values.email, ...(params.has('create') ? { create: params.get('create') ?? '' } : {}) })
        window.location.assign(`${paths.login}?${query}`)
        return
      }
      setFormError(applyServerErrors(error, setError, FIELDS))
      bot.reset()
    }
  }

  if (done) {
    return (
      <AppLayout title="Create an account">
        <h1>Check your email</h1>
        <FormMessage note={done} />
        <p>
          <a href={paths.login}>Go to sign in</a>
        </p>
      </AppLayout>
    )
  }

  const addressMessage = (errors.agentBusinessAddress as { message?: string } | undefined)?.message
  return (
    <AppLayout title="Create an account">
      <h1>Create an account</h1>
      <FormMessage error={formError} />
      {params.has('create') && readWizardDraft() !== null && (
        <p className="notice info" data-testid="wizard-draft-kept">
          {MSG_WIZARD_DRAFT_KEPT}
        </p>
      )}
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Create an account">
        <FormField id="email" label="Email address" type="email" autoComplete="email" control={control} name="email" />
        <FormField
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters, not a commonly used password."
          control={control}
          name="password"
        />
        <FormField id="firstName" label="First name" autoComplete="given-name" control={control} name="firstName" />
        <FormField id="lastName" label="Last name" autoComplete="family-name" control={control} name="lastName" />
        <FormField id="accountName" label="Organisation" autoComplete="organization" control={control} name="accountName" />
        <FormField id="phone" label={isAgent ? 'Phone number' : 'Phone number (optional)'} type="tel" autoComplete="tel" control={control} name="phone" />
        <CheckboxField id="optedIntoCommunication" label="Send me news and updates by email" control={control} name="optedIntoCommunication" />
        <CheckboxField id="authorisedAgent" label="I am an authorised agent applying on behalf of promoters" control={control} name="authorisedAgent" />
        {isAgent && <AgentAddressFields control={control} message={addressMessage} />}
        <CheckboxField id="agreedTerms" label="I agree to the Terms and conditions" control={control} name="agreedTerms" />
        <p>
          <a href="/terms/" target="_blank" rel="noopener">
            Read the Terms and conditions
          </a>
        </p>
        <BotCheckField resetKey={bot.resetKey} onToken={bot.onToken} />
        <Button type="submit" isDisabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Create account'}
        </Button>
      </form>
      <p>
        Already have an account? <a href={paths.login}>Sign in</a>
      </p>
    </AppLayout>
  )
}
