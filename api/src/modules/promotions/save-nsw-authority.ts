import { AppError, createNswAuthoritySchema, getPermitRequirements, type SaveNswAuthority } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { applicationOf, promotionIdOf } from './application-fields'
import type { PromotionChecks } from './promotion-checks'
import { lockForEdit, promotionResponse, writeApplication, type Actor } from './save-promotion'

/**
 * POST /api/promotion/saveNswAuthority (001 §7): whether the promoter holds an NSW authority,
 * with its number, expiry and the duration to apply for. Unlike a draft save the rules of
 * 001 §5 are enforced here, since the answer changes the NSW fee (none with an authority).
 */
export async function saveNswAuthority(db: Db, actor: Actor, input: SaveNswAuthority, checks: PromotionChecks) {
  return db.transaction(async (tx) => {
    const before = await lockForEdit(tx, actor, promotionIdOf(input.id), input.versionNumber, checks)
    const application = applicationOf(before)
    const requirements = getPermitRequirements({
      ...application,
      hasNswAuthority: input.hasNswAuthority,
      startDate: application.permit?.startDate ?? before.startDate,
    })
    const rules = createNswAuthoritySchema({
      nswRequired: requirements.nsw.required,
      hasNswAuthority: input.hasNswAuthority,
      endDate: application.permit?.endDate,
    })
    const checked = rules.safeParse({
      nswAuthorityNumber: input.nswAuthorityNumber || null,
      nswAuthorityExpiration: input.nswAuthorityExpiration || null,
      nswAuthorityDuration: input.nswAuthorityDuration ?? null,
    })
    if (!checked.success) {
      const modelState = Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), [issue.message]]))
      throw new AppError('VALIDATION', checked.error.issues[0]!.message, { modelState })
    }
    const applicant = {
      ...(before.applicant ?? {}),
      nswAuthorityNumber: input.hasNswAuthority ? input.nswAuthorityNumber || null : null,
      nswAuthorityExpiration: input.hasNswAuthority ? input.nswAuthorityExpiration || null : null,
      nswAuthorityDuration: input.nswAuthorityDuration ?? null,
    }
    const after = await writeApplication(tx, actor, before, { hasNswAuthority: input.hasNswAuthority, applicant }, 'saveNswAuthority', checks)
    return promotionResponse(tx, after)
  })
}
