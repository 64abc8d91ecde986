import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { ChangePasswordSchema, MSG_PASSWORD_CHANGE_ENDS_CREDENTIALS, type ChangePassword } from '@permitdesk/shared'
import { AppLayout } from '../../../components/layouts/app-layout'
import { paths } from '../../../config/paths'
import { changePassword } from '../api/account-api'
import { FormField, FormMessage } from './form-field'
import { applyServerErrors } from './server-errors'
import { Alert, Button } from '../../../components/ui'

/**
 * /account/changepassword/ (issue 18): the current password, then a new one. Before the user
 * confirms, it says what else the change ends (issue 24: other sessions, API keys, the feed address).
 */
export function ChangePasswordScreen() {
  const [formError, setFormError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = useForm<ChangePassword>({ resolver: zodResolver(ChangePasswordSchema), defaultValues: { currentPassword: '', password: '' } })

  const onSubmit = async (values: ChangePassword) => {
    setFormError(null)
    setDone(null)
    try {
      const answer = await changePassword(values)
      reset()
      setDone(answer.message)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['currentPassword', 'password']))
    }
  }

  return (
    <AppLayout title="Change password">
      <h1>Change your password</h1>
      <FormMessage error={formError} note={done} />
      <Alert tone="warning">
        <p id="password-change-effects">{MSG_PASSWORD_CHANGE_ENDS_CREDENTIALS}</p>
      </Alert>
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Change password" aria-describedby="password-change-effects">
        <FormField id="currentPassword" label="Current password" type="password" autoComplete="current-password" control={control} name="currentPassword" />
        <FormField
          id="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters, not a commonly used password."
          control={control}
          name="password"
        />
        <Button type="submit" isDisabled={isSubmitting}>
          Change password
        </Button>
      </form>
      <p>
        <a href={paths.accountEdit}>Back to my account</a>
      </p>
    </AppLayout>
  )
}
