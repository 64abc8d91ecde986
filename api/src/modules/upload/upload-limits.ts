import { AppError, MSG_UPLOAD_QUOTA_REACHED, UPLOAD_LIMIT_BYTES } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { hitOrThrow } from '../account/rate-limit'
import { quotaUsedBytes } from './upload.repository'

/** Issue 18: uploads per user per hour, and the space one user's uploads may take. */
export const UPLOAD_LIMITS = {
  perUser: { limit: 60, windowMs: 60 * 60_000 },
  quotaBytes: 500 * 1024 * 1024,
} as const

/**
 * Checked before the body is read: the hourly count (atomic), then the quota with room for one
 * more file of the largest size (so a full quota is refused without receiving the file).
 */
export async function assertUploadAllowed(
  db: Db,
  userId: number,
  limits: { perUser: { limit: number; windowMs: number }; quotaBytes: number } = UPLOAD_LIMITS,
) {
  await hitOrThrow(db, `upload:user:${userId}`, limits.perUser)
  if (!(await fitsQuota(db, userId, UPLOAD_LIMIT_BYTES, limits.quotaBytes))) {
    throw new AppError('PAYLOAD_TOO_LARGE', MSG_UPLOAD_QUOTA_REACHED, { modelState: { file: [MSG_UPLOAD_QUOTA_REACHED] } })
  }
}

/** Whether `bytes` more fit in the user's quota: uploads and entry receipt files count alike, whichever of them is checked. */
export async function fitsQuota(db: Db, userId: number, bytes: number, quotaBytes: number = UPLOAD_LIMITS.quotaBytes): Promise<boolean> {
  return (await quotaUsedBytes(db, userId)) + bytes <= quotaBytes
}
