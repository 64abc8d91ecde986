import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from '../../../lib/api-client'

/** Puts each model-state entry of an API error on its field; returns the form-level message. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error)
  for (const [key, messages] of Object.entries(error.modelState ?? {})) {
    if (fields.includes(key.split('.')[0]!) && messages[0]) setError(key as Path<T>, { type: 'server', message: messages[0] })
  }
  return error.message
}

/** A same-site path to return to after login, never another site (`//evil`, `https://…`). */
export function safeReturnUrl(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}
