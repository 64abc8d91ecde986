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

/**
 * A same-origin path to return to after login, never another site. The value is resolved against
 * our origin exactly as the browser will resolve it (so `/\t/evil.com`, `/\\evil.com`, `//evil.com`
 * and `https://…` are all seen for what they are) and only a path of this origin is kept.
 */
export function safeReturnUrl(value: string | null, origin: string = window.location.origin): string | null {
  if (!value || !value.startsWith('/')) return null
  let resolved: URL
  try {
    resolved = new URL(value, origin)
  } catch {
    return null
  }
  if (resolved.origin !== origin) return null
  return `${resolved.pathname}${resolved.search}${resolved.hash}`
}
