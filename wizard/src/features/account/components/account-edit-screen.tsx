import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { AccountUpdateSchema, type AccountUpdate } from '@permitdesk/shared'
import type { z } from 'zod'
import { AppLayout } from '../../../components/layouts/app-layout'
import { paths } from '../../../config/paths'
import { updateAccount } from '../api/account-api'
import { useSession } from '../../../lib/session'
import { AgentAddressFields } from './address-fields'
import { CheckboxField, FormField, FormMessage } from './form-field'
import { applyServerErrors } from './server-errors'
import { Button } from '../../../components/ui'

type AccountInput = z.input<typeof AccountUpdateSchema>
const FIELDS = ['firstName', 'lastName', 'accountName', 'phone', 'agentBusinessAddress'] as const

/** /account/edit/ (000 §2, private): the user's own account; the same agent rules as registration. */
export function AccountEditScreen() {
  const session = useSession()
  const user = session.user!
  const [formError, setFormError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const {
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AccountInput, unknown, AccountUpdate>({
    resolver: zodResolver(AccountUpdateSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      accountName: user.accountName,
      phone: user.phone ?? '',
      optedIntoCommunication: user.optedIntoCommunication,
      authorisedAgent: user.authorisedAgent,
      agentBusinessAddress: { lineOne: '', lineTwo: '', suburb: '', state: '', postcode: '', ...(user.agentBusinessAddress ?? {}) },
    },
  })
  const isAgent = watch('authorisedAgent')

  const onSubmit = async (values: AccountUpdate) => {
    setFormError(null)
    setNote(null)
    try {
      const answer = await updateAccount({ ...values, agentBusinessAddress: values.authorisedAgent ? values.agentBusinessAddress : null })
      session.setUser(answer.user)
      setNote(answer.message)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS))
    }
  }

  return (
    <AppLayout title="My account">
      <h1>My account</h1>
      <p>
        {/* One way to change the password (with the current one); the e-mailed reset stays on the sign-in page for a forgotten one. */}
        Signed in as <strong>{user.email}</strong>. <a href={paths.changePassword}>Change password</a> · <a href={paths.invoices}>My invoices</a> ·{' '}
        <a href={paths.apiKeys}>API keys</a>
      </p>
      <FormMessage error={formError} note={note} />
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="My account">
        <FormField id="firstName" label="First name" autoComplete="given-name" control={control} name="firstName" />
        <FormField id="lastName" label="Last name" autoComplete="family-name" control={control} name="lastName" />
        <FormField id="accountName" label="Organisation" autoComplete="organization" control={control} name="accountName" />
        <FormField id="phone" label={isAgent ? 'Phone number' : 'Phone number (optional)'} type="tel" autoComplete="tel" control={control} name="phone" />
        <CheckboxField id="optedIntoCommunication" label="Send me news and updates by email" control={control} name="optedIntoCommunication" />
        <CheckboxField id="authorisedAgent" label="I am an authorised agent applying on behalf of promoters" control={control} name="authorisedAgent" />
        {isAgent && <AgentAddressFields control={control} message={(errors.agentBusinessAddress as { message?: string } | undefined)?.message} />}
        <Button type="submit" isDisabled={isSubmitting}>
          Save changes
        </Button>
      </form>
      <p>
        <Button variant="link" onPress={() => void session.signOut()}>
          Sign out
        </Button>
      </p>
    </AppLayout>
  )
}
