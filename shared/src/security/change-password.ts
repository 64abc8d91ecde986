import { z } from 'zod'
import { MSG_COMPLETE_ALL_FIELDS, MSG_PASSWORD_REQUIRED, MSG_PASSWORD_TOO_SHORT } from '../messages'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../validation/account'
import { MSG_PASSWORD_TOO_LONG } from './messages'

/** POST /api/account/changePassword: the current password, then the new one (same rules as registering). */
export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: MSG_PASSWORD_REQUIRED })
    .max(PASSWORD_MAX_LENGTH, { error: MSG_PASSWORD_REQUIRED, abort: true })
    .min(1, { error: MSG_PASSWORD_REQUIRED }),
  password: z
    .string({ error: MSG_COMPLETE_ALL_FIELDS })
    .max(PASSWORD_MAX_LENGTH, { error: MSG_PASSWORD_TOO_LONG, abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: MSG_PASSWORD_TOO_SHORT }),
})
export type ChangePassword = z.infer<typeof ChangePasswordSchema>
