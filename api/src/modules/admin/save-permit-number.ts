/**
 * savePermitNumber (001 §7: promotionId, state, number, approvalDate, fileName) with the shared
 * rules and messages (prefixes NSW `NTP/`, ACT `TP {yy}/`, SA `T{yy}/`; not the default; approval
 * date on or before today), plus an expiry at most 5 years ahead. Logged in the changelog.
 */
import {
  AppError,
  createPermitNumberSaveSchema,
  isValidIsoDate,
  maxPermitExpiryDate,
  MSG_PERMIT_EXPIRY_TOO_FAR,
  MSG_STATE_NOT_IN_PROMOTION,
  parseInput,
  type Clock,
} from '@permitdesk/shared'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { transferUploads } from '../upload/upload.repository'
import { includesState } from './promotion-status-actions'
import { writePromotionAsStaff, type Staff } from './staff-write'

export function permitNumberBodySchema(clock: Clock) {
  return createPermitNumberSaveSchema(clock).and(z.object({ expiryDate: z.string().nullish() }))
}

export async function savePermitNumber(db: Db, staff: Staff, body: unknown, clock: Clock) {
  const input = parseInput(permitNumberBodySchema(clock), body)
  const expiryDate = input.expiryDate || null
  if (expiryDate && (!isValidIsoDate(expiryDate) || expiryDate > maxPermitExpiryDate(clock))) {
    throw new AppError('VALIDATION', MSG_PERMIT_EXPIRY_TOO_FAR, { modelState: { expiryDate: [MSG_PERMIT_EXPIRY_TOO_FAR] } })
  }
  const { after } = await writePromotionAsStaff(db, staff, Number(input.promotionId), 'save-permit-number', async (row, tx) => {
    if (!includesState(row, input.state)) throw new AppError('VALIDATION', MSG_STATE_NOT_IN_PROMOTION, { modelState: { state: [MSG_STATE_NOT_IN_PROMOTION] } })
    // The permit document staff uploaded becomes the customer's file.
    if (input.fileName) await transferUploads(tx, [input.fileName], staff.id, row.userId)
    return {
      permitNumbers: {
        ...row.permitNumbers,
        [input.state]: { number: input.number, approvalDate: input.approvalDate!, expiryDate, fileName: input.fileName ?? null },
      },
      // The T&Cs' permit-numbers clause reads `details.permitNumber_{STATE}` (modules/terms).
      details: { ...row.details, [`permitNumber_${input.state}`]: input.number },
    }
  })
  return { id: after.id, permitNumbers: after.permitNumbers }
}
