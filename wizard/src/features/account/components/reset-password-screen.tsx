import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useParams } from 'react-router'
import { ResetPasswordSchema, type ResetPassword } from '@permitdesk/shared'
import { AppLayout } from '../../../components/layouts/app-layout'
import { paths } from '../../../config/paths'
import { resetPassword } from '../api/account-api'
import { FormField, FormMessage } from './form-field'
import { applyServerErrors } from './server-errors'
import { Button } from '../../../components/ui'

/** /account/resetpassword/{token}/ (000 §2): choose a new password with the e-mailed token. */
export function ResetPasswordScreen() {
  const { token = '' } = useParams()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPassword>({ resolver: zodResolver(ResetPasswordSchema), defaultValues: { token, password: '' } })

  const onSubmit = async (values: ResetPassword) => {
    setFormError(null)
    try {
      await resetPassword(values)
      window.location.assign(`${paths.login}?reset=1`)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['password']))
    }
  }

  return (
    <AppLayout title="Reset password">
      <h1>Choose a new password</h1>
      <FormMessage error={formError ?? errors.token?.message} />
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Reset password">
        <input type="hidden" {...register('token')} />
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
          Save new password
        </Button>
      </form>
      <p>
        <a href={paths.forgotPassword}>Send me a new link</a>
      </p>
    </AppLayout>
  )
}
