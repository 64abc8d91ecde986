import { AppError } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { renderWorkingApplication } from '../../documents/working-application'
import { brandFor } from '../../mail/templates'
import { asPdfFailure } from '../../pdf/pdf-failure'
import type { Owner } from '../promotions/promotions.repository'
import { ausStatesOfRow } from '../promotions/promotion-fields'
import { servicesStringOf } from '../promotions/promotion-view'
import { findPromotion } from '../promotions/promotions.repository'

/**
 * /promotions/downloadworkingpdf/{id} (001 §7): the application as it stands, printed by the warm
 * browser. The owner and staff only; anyone else gets the same 404 as a missing promotion.
 */
export async function renderWorkingPdf(deps: Pick<AppDeps, 'database' | 'config' | 'pdf'>, owner: Owner, id: number): Promise<{ id: number; pdf: Buffer }> {
  const row = Number.isSafeInteger(id) && id > 0 ? await findPromotion(deps.database.db, owner, id) : undefined
  if (!row) throw new AppError('NOT_FOUND')
  const html = renderWorkingApplication(
    {
      ...row,
      ausStates: ausStatesOfRow(row),
      servicesString: servicesStringOf(row),
      permit: row.permit ?? {},
      applicant: row.applicant ?? null,
      details: row.details ?? {},
      attachments: row.attachments ?? [],
    },
    { productName: brandFor(deps.config).productName, now: new Date() },
  )
  try {
    return { id: row.id, pdf: await deps.pdf().render(html) }
  } catch (error) {
    throw asPdfFailure(error)
  }
}
