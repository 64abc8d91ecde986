/**
 * The deletion certificate (issue #30): what the retention job deleted of a promotion's entrants'
 * data, when, under which rule and source, and the hashes it kept so every draw stays checkable.
 * HTML for the PdfService; stored as an upload of the promotion's owner.
 */
import { formatDate, formatDateTime, promotionTitle } from '@permitdesk/shared'
import type { RetentionDetails } from '../../db/schema/rule-sets'
import { escapeHtml as esc } from '../../mail/templates'

export type DeletionCertificateInput = {
  letterhead: { name: string; abn: string | null }
  promotion: { id: number; name: string }
  deletedAt: Date
  keepUntil: string
  ruleSetId: string
  details: RetentionDetails
  /** The winners' leaf hashes, per draw id. */
  winnerLeaves: Record<number, { position: number; reserve: boolean; leaf: string }[]>
  publicUrl: string
}

const STYLE = `body{font:11pt/1.45 system-ui,sans-serif;color:#1a1a1a;max-width:46rem;margin:0 auto}h1{font-size:18pt;margin:.2rem 0 .6rem}h2{font-size:13pt;margin:1.2rem 0 .4rem}
table{border-collapse:collapse;width:100%;font-size:9.5pt}th,td{border:1px solid #bbb;padding:.25rem .4rem;text-align:left;vertical-align:top}code{font:8.5pt ui-monospace,monospace;word-break:break-all}
.letterhead{border-bottom:2px solid #1a1a1a;padding-bottom:.4rem;margin-bottom:1rem}.muted{color:#555}`

export function renderDeletionCertificate(c: DeletionCertificateInput): string {
  const { details } = c
  const source = details.source
  const drawRows = details.draws
    .map(
      (d) =>
        `<tr><td><a href="${esc(`${c.publicUrl}/draws/${d.publicId}/`)}">${esc(d.publicId)}</a></td><td>${d.entryCount ?? 0}</td><td><code>${esc(d.entriesHash ?? 'none')}</code></td><td><code>${esc(d.entriesRoot ?? 'none')}</code></td><td>${d.leavesFile ? 'kept' : 'none (no entries file)'}</td></tr>`,
    )
    .join('')
  const winners = details.draws
    .filter((d) => (c.winnerLeaves[d.drawId] ?? []).length > 0)
    .map(
      (d) =>
        `<h3>${esc(d.publicId)}</h3><table><thead><tr><th>Position</th><th>Leaf hash kept in place of the entry</th></tr></thead><tbody>${c.winnerLeaves[d.drawId]!.map((w) => `<tr><td>${w.reserve ? `Reserve ${w.position}` : w.position}</td><td><code>${esc(w.leaf)}</code></td></tr>`).join('')}</tbody></table>`,
    )
    .join('')
  const attachments = details.attachments.length
    ? `<ul>${details.attachments.map((a) => `<li>${esc(a.code)}: ${esc(a.userFileName ?? 'file')}</li>`).join('')}</ul>`
    : '<p>None.</p>'
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>Certificate of deletion of personal data</title><style>${STYLE}</style></head><body>
<header class="letterhead"><strong>${esc(c.letterhead.name)}</strong>${c.letterhead.abn ? ` · ABN ${esc(c.letterhead.abn)}` : ''}</header>
<h1>Certificate of deletion of entrants\u2019 personal data</h1>
<p>Promotion: <strong>${esc(promotionTitle(c.promotion.name))}</strong> (number ${c.promotion.id})</p>
<p>Deleted: <strong>${esc(formatDateTime(c.deletedAt))}</strong>, after the records were kept until ${esc(formatDate(c.keepUntil))}.</p>
<h2>The rule</h2>
<p>${esc(details.rule)}</p>
<p>Rule set <code>${esc(c.ruleSetId)}</code>. Source: ${source ? `<a href="${esc(source.url)}">${esc(source.title)}</a>, read ${esc(formatDate(source.dateRead))}${source.verified ? '' : ' (not yet verified against the regulator\u2019s own page)'}` : 'not given'}.</p>
<h2>What was deleted</h2>
<ul>
<li>Every row of each draw\u2019s entries file: replaced by the row\u2019s leaf hash, SHA-256(0x00 \u2016 the row).</li>
<li>The winners\u2019 and reserves\u2019 details on each draw record: replaced by their leaf hashes.</li>
<li>The search index of entry values (hashes of single fields, which could be guessed back).</li>
<li>Copies of the winners and entries lists attached to the promotion:</li>
</ul>
${attachments}
${details.collectedEntries === null ? '' : `<p>Entries collected through the service: ${details.collectedEntries} deleted.</p>`}
<h2>What was kept, and what it still proves</h2>
<table><thead><tr><th>Draw</th><th>Entries</th><th>Entries hash (published at commit)</th><th>Entries root (published at commit)</th><th>Leaf hashes</th></tr></thead><tbody>${drawRows || '<tr><td colspan="5">No draws.</td></tr>'}</tbody></table>
<p class="muted">From the kept leaf hashes anyone can recompute the entries root and check an inclusion proof; with the seed revealed at the run, the entry count and the entries hash, anyone can recompute which entry numbers won. The entries hash itself can now be recomputed only from a copy of the original entries file (the promoter\u2019s), which this service no longer holds.</p>
${winners ? `<h2>Winners\u2019 leaf hashes</h2>${winners}` : ''}
</body></html>`
}
