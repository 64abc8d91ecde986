/**
 * The compliance pack, /promotions/compliancepack/{id}/ (issue #30): for a regulator or a platform
 * asking for proof. A ZIP of a PDF summary of every duty of the compliance calendar (rule, source,
 * due date, state, proof), the proof files, the permit documents and, once the entrants' data is
 * deleted, the deletion certificate. Owner or staff; another customer's promotion answers 404.
 */
import {
  AppError,
  formatDate,
  formatDateTime,
  LABEL_ON_LEGAL_HOLD,
  OBLIGATION_STATUS_LABELS,
  promotionTitle,
  STATE_CODES,
  type Obligation,
} from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { escapeHtml as esc } from '../../mail/templates'
import { streamToBuffer } from '../../storage/storage'
import { zipFiles } from '../payments/build-lodgement-pack'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { listObligations, type ObligationsView } from './get-obligations'

export type CompliancePackDeps = Pick<AppDeps, 'database' | 'storage' | 'pdf'>

const safe = (name: string) => name.replace(/[^A-Za-z0-9 ._()-]+/g, '-').slice(0, 120)

const DUE: Record<Obligation['dueKind'], string> = { by: 'By', on: 'On', from: 'From', until: 'Until' }

/** Where a duty's proof file sits in the pack. */
export const proofPackName = (o: Obligation) => `proof/${safe(`${o.code} - ${o.proof?.label ?? 'proof'}`)}`

/** The summary's HTML: one row per duty (pure, so its words are tested without a printer). */
export function renderComplianceSummary(view: ObligationsView, promotion: { id: number; name: string }, now: Date): string {
  const rows = view.obligations
    .map((o) => {
      const state = o.onLegalHold ? LABEL_ON_LEGAL_HOLD : OBLIGATION_STATUS_LABELS[o.status]
      const source = o.source
        ? `<a href="${esc(o.source.url)}">${esc(o.source.title)}</a>, read ${esc(formatDate(o.source.dateRead))}${o.source.verified ? '' : ' (not yet verified)'}`
        : 'Not given'
      const proof = o.proof
        ? `${o.proof.kind === 'upload' ? `File: ${esc(proofPackName(o))}` : `Link: <a href="${esc(o.proof.reference)}">${esc(o.proof.reference)}</a>`}${o.proof.note ? ` (${esc(o.proof.note)})` : ''}; closed ${esc(formatDateTime(o.proof.closedAt))}`
        : 'None yet'
      return `<tr><td><strong>${o.state ? `${STATE_CODES[o.state]}: ` : ''}${esc(o.title)}</strong><br>${esc(o.rule)}</td><td>${esc(DUE[o.dueKind])} ${esc(formatDate(o.dueDate))}</td><td>${esc(state)}</td><td>${source}</td><td>${proof}</td></tr>`
    })
    .join('')
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>Compliance summary</title><style>
body{font:10pt/1.4 system-ui,sans-serif;color:#1a1a1a}h1{font-size:16pt;margin:0 0 .4rem}table{border-collapse:collapse;width:100%}th,td{border:1px solid #bbb;padding:.25rem .35rem;text-align:left;vertical-align:top}th{background:#f1f1f1}tr{break-inside:avoid}td:nth-child(2){white-space:nowrap}
</style></head><body>
<h1>Compliance summary: ${esc(promotionTitle(promotion.name))}</h1>
<p>Promotion number ${promotion.id}. Rule set ${esc(view.ruleSetId)}. As at ${esc(formatDateTime(now))}; dates are Sydney dates.${view.onLegalHold ? ` ${esc(LABEL_ON_LEGAL_HOLD)}.` : ''}${view.dataDeletedAt ? ` Entrants\u2019 personal data deleted ${esc(formatDateTime(view.dataDeletedAt))} (certificate included).` : ''}</p>
<table><thead><tr><th>Duty and rule</th><th>Due</th><th>State</th><th>Source</th><th>Proof</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No duties yet: they appear once the promotion has its dates.</td></tr>'}</tbody></table>
</body></html>`
}

/** The pack's files, in order: the summary, the proof files, the permits, the deletion certificate. */
export async function compliancePackFiles(
  deps: CompliancePackDeps,
  owner: Owner,
  id: number,
  now: Date = new Date(),
): Promise<{ promotionId: number; files: { name: string; data: Buffer }[] }> {
  const db = deps.database.db
  const view = await listObligations(db, owner, id, now)
  const row = (await findPromotion(db, owner, id))!
  const files: { name: string; data: Buffer }[] = [{ name: 'compliance-summary.pdf', data: await deps.pdf().render(renderComplianceSummary(view, row, now)) }]
  const add = async (name: string, key: string) => {
    const stream = await deps.storage.get(key)
    if (stream) files.push({ name, data: await streamToBuffer(stream) })
  }
  for (const o of view.obligations) if (o.proof?.kind === 'upload') await add(proofPackName(o), `uploads/${o.proof.reference}`)
  for (const [state, permit] of Object.entries(row.permitNumbers ?? {})) {
    if (permit?.fileName)
      await add(
        `permits/${safe(`${state.toUpperCase()} permit ${permit.number}`)}${/\.[A-Za-z0-9]{1,5}$/.exec(permit.fileName)?.[0] ?? ''}`,
        `uploads/${permit.fileName}`,
      )
  }
  if (view.certificateUrl && !view.obligations.some((o) => o.proof?.reference && view.certificateUrl!.endsWith(o.proof.reference))) {
    await add('deletion-certificate.pdf', `uploads/${view.certificateUrl.split('/').pop()}`)
  }
  return { promotionId: row.id, files }
}

export async function buildCompliancePack(
  deps: CompliancePackDeps,
  owner: Owner,
  id: number,
  now: Date = new Date(),
): Promise<{ promotionId: number; zip: Buffer }> {
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('NOT_FOUND')
  const { promotionId, files } = await compliancePackFiles(deps, owner, id, now)
  return { promotionId, zip: await zipFiles(files) }
}
