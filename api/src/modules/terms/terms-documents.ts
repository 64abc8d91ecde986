/**
 * The terms outside /api (issue 31: moved out of the router): the PDF of the latest version for
 * its owner and staff, and the public hosted page `/t/{code}/`.
 */
import { AppError, escapeHtml, formatDate } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import type { Owner } from '../promotions/promotions.repository'
import { asPdfFailure } from '../../pdf/pdf-failure'
import { requireServicePaid, serviceOwed } from '../payments/require-service-paid'
import { requirePromotion } from './terms-access'
import { termsPage } from './terms-page'
import { findApprovedVersions, findLatestVersion, findPromotionIdByCode } from './terms.repository'

/** The PDF of the latest version, once the terms are paid for (issue 22). */
export async function termsPdf(deps: Pick<AppDeps, 'database' | 'pdf'>, owner: Owner, id: number): Promise<{ pdf: Buffer; fileName: string }> {
  const db = deps.database.db
  const row = await requirePromotion(db, owner, id)
  await requireServicePaid(db, row.id, 'terms')
  const version = await findLatestVersion(db, row.id)
  if (!version) throw new AppError('NOT_FOUND')
  const meta = `Version ${version.number}${version.approvedAt ? `, approved ${escapeHtml(formatDate(version.approvedAt))}` : ', awaiting approval'}`
  try {
    const pdf = await deps.pdf().render(termsPage({ title: `${row.name || 'Promotion'}: terms and conditions`, fragment: version.html, meta }))
    return { pdf, fileName: `terms-and-conditions-${row.id}-v${version.number}.pdf` }
  } catch (error) {
    throw asPdfFailure(error)
  }
}

/** The hosted page's "not found" (an HTML page, not JSON: a person followed a link). */
export const hostedTermsNotFound = () =>
  termsPage({ title: 'Not found', fragment: '<h1>Not found</h1><p>There are no terms and conditions at this address.</p>' })

/**
 * The hosted page of a short code: the version asked for (else the current one), the others
 * listed. Undefined when there is none to show, or while a fee is owed (issue 22).
 */
export async function hostedTermsPage(db: AppDeps['database']['db'], code: string, versionNumber: number | undefined): Promise<string | undefined> {
  if (!/^[A-Za-z0-9]{6,16}$/.test(code)) return undefined
  const promotionId = await findPromotionIdByCode(db, code)
  if (promotionId && (await serviceOwed(db, promotionId, 'terms')) > 0) return undefined
  const approved = promotionId ? await findApprovedVersions(db, promotionId) : []
  const [current, ...older] = approved
  if (!current) return undefined
  const shown = (versionNumber && approved.find((v) => v.number === versionNumber)) || current
  const meta = `Version ${shown.number}, approved ${escapeHtml(formatDate(shown.approvedAt))}${shown === current ? '' : ` (a later version, ${current.number}, <a href="./">is current</a>)`}`
  const list = [current, ...older].filter((v) => v !== shown)
  const footer = list.length
    ? `<section class="versions"><h2>Other versions</h2><ul>${list.map((v) => `<li><a href="./?version=${v.number}">Version ${v.number}</a>, approved ${escapeHtml(formatDate(v.approvedAt))}</li>`).join('')}</ul></section>`
    : ''
  return termsPage({ title: 'Terms and conditions', fragment: shown.html, meta, footer })
}
