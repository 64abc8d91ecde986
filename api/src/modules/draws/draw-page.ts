import { DRAW_ALGORITHM, formatCurrency, formatDateTime } from '@permitdesk/shared'
import type { toPublicDraw } from './draw-view'

export type PublicDrawView = ReturnType<typeof toPublicDraw>

const esc = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Sydney time with its zone ("12 Jan 2026, 3:15 pm AEDT"), the one format of every screen. */
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '')

/** Where the published algorithm and the command-line verifier are served (draw-pages.routes.ts). */
export const ALGORITHM_PATH = '/draws/algorithm.md'
export const VERIFIER_PATH = '/draws/verify-draw.mjs'

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.6rem;margin-bottom:.2rem} dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}
dt{font-weight:600} dd{margin:0;overflow-wrap:anywhere} code{font-size:.9em;overflow-wrap:anywhere}
table{border-collapse:collapse;margin:.5rem 0 1rem} th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}
.ok{color:#0a6b2d}.bad{color:#b00020} section{margin-top:1.5rem}
.table-scroll{overflow-x:auto;max-width:100%} main{min-width:0} li,p{overflow-wrap:anywhere}
@media (max-width:40rem){dl{grid-template-columns:minmax(0,1fr)} dd{margin-bottom:.4rem}}`

function selectionTable(caption: string, rows: PublicDrawView['winners'], kind: string) {
  if (rows.length === 0) return ''
  // Focusable, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable).
  return `<div class="table-scroll" tabindex="0" role="region" aria-label="${esc(caption)}"><table id="${kind}"><caption>${esc(caption)}</caption><thead><tr><th>Position</th><th>Entry index</th><th>Entry</th></tr></thead><tbody>${rows
    .map((r) => `<tr><td>${r.position}</td><td>${r.entryIndex}</td><td>${esc(r.entry) || '<em>hidden</em>'}</td></tr>`)
    .join('')}</tbody></table></div>`
}

/** The facts of a draw record, shared by the public page and the certificate. */
function facts(d: PublicDrawView) {
  const row = (label: string, value: string) => `<dt>${esc(label)}</dt><dd>${value}</dd>`
  return `<dl>
${row('Promotion', esc(d.promotionName))}
${row('Promoter', esc(d.promoterName))}
${row('Algorithm', `<code>${DRAW_ALGORITHM}</code>`)}
${row('Scheduled', esc(`${when(d.scheduledAt) || 'not set'}${d.drawLocation ? `, ${d.drawLocation}` : ''}`))}
${row('Winners, reserves', `${d.winnersCount}, ${d.reservesCount}`)}
${row('Entries', d.entryCount === null ? 'not committed yet' : esc(d.entryCount.toLocaleString('en-AU')))}
${row('Entries hash (SHA-256)', `<code id="entries-hash">${esc(d.entriesHash ?? '')}</code>`)}
${row('Entries root (Merkle)', `<code id="entries-root">${esc(d.entriesRoot ?? '')}</code>`)}
${row('Seed hash (SHA-256)', `<code id="seed-hash">${esc(d.seedHash ?? '')}</code>`)}
${row('Committed', esc(when(d.committedAt)))}
${row('Seed', d.seed ? `<code id="seed">${esc(d.seed)}</code>` : 'revealed when the draw runs')}
${row('Run', esc(when(d.ranAt)) || 'not yet')}
${d.earlyRunReason ? row('Run before its scheduled time because', `<span id="early-run-reason">${esc(d.earlyRunReason)}</span>`) : ''}
${d.cancelledAt ? row('Cancelled', `<span id="cancelled">${esc(when(d.cancelledAt))}: ${esc(d.cancelReason ?? '')}</span>`) : ''}
${d.scrutineerName ? row('Scrutineer', esc(d.scrutineerName)) : ''}
${d.exclusionLines.length ? row('Entries excluded', `<span id="entries-excluded">${d.exclusionLines.map(esc).join('<br>')}</span>`) : ''}
${d.excludedRootIndexes.length ? row('Excluded (earlier winners, original indexes)', esc(d.excludedRootIndexes.join(', '))) : ''}
</dl>`
}

/** Every draw of the promotion (issue 23), so no result can be chosen quietly from several. */
function promotionDrawsTable(d: PublicDrawView, base = '') {
  const cell = (iso: string | null) => `<td>${esc(when(iso)) || '—'}</td>`
  return `<section aria-labelledby="all-draws"><h2 id="all-draws">Every draw of this promotion</h2>
<div class="table-scroll" tabindex="0" role="region" aria-label="Every draw of this promotion"><table id="promotion-draws"><thead><tr><th>Draw</th><th>State</th><th>Scheduled</th><th>Committed</th><th>Run</th><th>Cancelled</th></tr></thead><tbody>${d.promotionDraws
    .map(
      (p) =>
        `<tr><td>${p.publicId === d.publicId ? `<strong>${esc(p.title)}</strong> (this draw)` : `<a href="${esc(base + p.url)}">${esc(p.title)}</a>`}${p.parentPublicId ? ' (redraw)' : ''}</td><td>${esc(p.status)}</td>${cell(p.scheduledAt)}${cell(p.committedAt)}${cell(p.ranAt)}<td>${p.cancelledAt ? `${esc(when(p.cancelledAt))}: ${esc(p.cancelReason ?? '')}` : '—'}</td></tr>`,
    )
    .join('')}</tbody></table></div></section>`
}

function chainList(d: PublicDrawView) {
  if (d.chain.length < 2) return ''
  return `<section><h2>Draw and redraws</h2><ol>${d.chain
    .map(
      (c) =>
        `<li>${c.publicId === d.publicId ? `<strong>${esc(c.title)}</strong>` : `<a href="/draws/${esc(c.publicId)}/">${esc(c.title)}</a>`} (${esc(c.status)}${c.ranAt ? `, ${esc(when(c.ranAt))}` : ''})</li>`,
    )
    .join('')}</ol></section>`
}

const METHOD = `The entries were fixed before the draw: their SHA-256 hash and the hash of a secret 32-byte
random seed were published at the commit. The draw then took the seed, derived a random stream
with HMAC-SHA256 from the seed and the entries hash, picked each winner with unbiased rejection
sampling and a partial Fisher–Yates shuffle, and revealed the seed. Anyone with the entries file can
recompute every step.`

/** GET /draws/{publicId}/: the public record, server-rendered, with the verify panel and entrant lookup. */
export function renderDrawPage(d: PublicDrawView): string {
  const json = JSON.stringify(d).replace(/</g, '\\u003c')
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>${esc(d.title)}: draw record</title><style>${STYLE}</style></head><body><main>
<h1>${esc(d.title)}</h1><p>Public record of an electronic draw. <a href="/draws/${esc(d.publicId)}/certificate.pdf">Draw certificate (PDF)</a>${d.status === 'cancelled' ? '' : ` · <a href="/winners/${esc(d.publicId)}/">Winners page</a>`}</p>
${facts(d)}
${selectionTable('Winners', d.winners, 'winners')}${selectionTable('Reserves', d.reserves, 'reserves')}
${chainList(d)}
${promotionDrawsTable(d)}
<section><h2>How this draw can be checked</h2><p>${METHOD}</p>
<p>Read <a href="${ALGORITHM_PATH}">the published algorithm</a>, or check the draw from a command line with <a href="${VERIFIER_PATH}">the verifier</a> (Node.js):
<code>node verify-draw.mjs entries.csv ${esc(d.seed ?? '&lt;seed&gt;')} ${d.winnersCount} ${d.reservesCount}${d.excludedRootIndexes.length ? ` --exclude ${esc(d.excludedRootIndexes.join(','))}` : ''}</code></p></section>
<section aria-labelledby="verify-title"><h2 id="verify-title">Verify this draw</h2>
<p>Choose the entries file: it is checked here, in your browser, and never uploaded.</p>
<label>Entries file (CSV) <input type="file" id="verify-file" accept=".csv,text/csv"></label>
<p id="verify-result" role="status"></p><ul id="verify-steps"></ul></section>
<section><h2>Did I enter?</h2><form id="lookup-form"><label>Your entry, exactly as entered (for example your e-mail address) <input name="value" required maxlength="500"></label> <button>Check</button></form><p id="lookup-result" role="status"></p></section>
</main><script type="application/json" id="draw-data">${json}</script><script type="module" src="/draws/verify.js"></script></body></html>`
}

/** The last change of the record: what a certificate of this state of the record is dated. */
function recordTime(d: PublicDrawView): string | null {
  return (
    [d.ranAt, d.cancelledAt, d.committedAt]
      .filter((t): t is string => Boolean(t))
      .sort()
      .at(-1) ?? null
  )
}

/**
 * The certificate (issue 23): printed once per state of the record (certificate.ts) on the
 * provider's letterhead (name and ABN from the CMS site settings), with the full record URL, the
 * entries hash and root, the seed hash and seed, commit and run times, any early-run reason, and
 * every draw of the promotion.
 */
export function renderCertificate(
  d: PublicDrawView,
  { letterhead, publicUrl }: { letterhead: { name: string; abn: string | null }; publicUrl: string },
): string {
  const recordUrl = `${publicUrl}/draws/${d.publicId}/`
  const dated = recordTime(d)
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>Draw certificate</title><style>${STYLE} body{margin:0 auto} .letterhead{border-bottom:2px solid #1a1a1a;padding-bottom:.4rem;margin-bottom:1rem}</style></head><body>
<header class="letterhead"><strong>${esc(letterhead.name)}</strong>${letterhead.abn ? ` · ABN ${esc(letterhead.abn)}` : ''}</header>
<h1>Certificate of electronic draw</h1><p>${esc(d.title)}${dated ? `: the record as at ${esc(when(dated))}` : ''}.</p>
${facts(d)}
${d.status === 'cancelled' ? `<p class="bad">This draw was cancelled ${esc(when(d.cancelledAt))}: ${esc(d.cancelReason ?? '')}</p>` : d.seed ? '' : '<p class="bad">This draw has not run yet: this certificate records its commit only.</p>'}
${selectionTable('Winners', d.winners, 'winners')}${selectionTable('Reserves', d.reserves, 'reserves')}
${chainList(d)}
${promotionDrawsTable(d, publicUrl)}
<section><h2>Method</h2><p>${METHOD}</p><p>Public record, with the verifier: <a href="${esc(recordUrl)}">${esc(recordUrl)}</a></p>
<p>Algorithm: <a href="${esc(publicUrl + ALGORITHM_PATH)}">${esc(publicUrl + ALGORITHM_PATH)}</a></p></section>
${d.scrutineerName ? `<section><p>Scrutineer: ${esc(d.scrutineerName)}</p><p>Signature: ______________________________</p></section>` : ''}
</body></html>`
}

/** What each state's publication lists (issue 15: ACT per prize of $1,000 or more; SA every winner). */
const PUBLICATION_RULE: Record<string, string> = {
  ACT: 'winners of prizes of $1,000 or more',
  SA: 'winners\u2019 initials and postcode',
}

export type WinnersPageView = {
  kind: 'live'
  title: string
  promotionName: string
  promoterName: string
  publicId: string
  ranAt: string
  states: string[]
  publications: { state: string; winners: { position: number; prizeValue: number | null; entry: string }[] }[]
}

/** GET /winners/{publicId}/ before a list is live (issue 23): when the winners will be published. */
export function renderWinnersPending(w: { title: string; promotionName: string; publicId: string; publishAt: string | null; drawAt: string | null }): string {
  const whenText = w.publishAt
    ? `The winners will be published here on ${esc(when(w.publishAt))}.`
    : `The winners will be published here after the draw${w.drawAt ? `, which is scheduled for ${esc(when(w.drawAt))}` : ''}.`
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>Winners: ${esc(w.promotionName)}</title><style>${STYLE}</style></head><body><main>
<h1>Winners: ${esc(w.promotionName)}</h1>
<p id="winners-pending">${whenText}</p>
<p>${esc(w.title)}: the draw's public record, with everything needed to check it: <a href="/draws/${esc(w.publicId)}/">/draws/${esc(w.publicId)}/</a></p>
</main></body></html>`
}

/** An unknown winners page, as a page (never raw JSON in front of a person). */
export function renderWinnersNotFound(): string {
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>Winners page not found</title><style>${STYLE}</style></head><body><main>
<h1>Winners page not found</h1><p>There is no winners page at this address. Please check the link you were given.</p>
</main></body></html>`
}

/** GET /winners/{publicId}/: the hosted winners page (ACT, SA), once a publication is live: one list per state. */
export function renderWinnersPage(w: WinnersPageView): string {
  const list = (p: WinnersPageView['publications'][number]) => `<section aria-labelledby="winners-${esc(p.state)}">
<h2 id="winners-${esc(p.state)}">Published for ${esc(p.state)}: ${esc(PUBLICATION_RULE[p.state] ?? 'winners')}</h2>
<table id="winners-${esc(p.state).toLowerCase()}" class="winners"><thead><tr><th>Prize</th><th>Prize value</th><th>Winner</th></tr></thead><tbody>${p.winners
    .map((r) => `<tr><td>${r.position}</td><td>${r.prizeValue === null ? '' : esc(formatCurrency(r.prizeValue))}</td><td>${esc(r.entry)}</td></tr>`)
    .join('')}</tbody></table></section>`
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>Winners: ${esc(w.promotionName)}</title><style>${STYLE}</style></head><body><main>
<h1>Winners: ${esc(w.promotionName)}</h1>
<p>${esc(w.title)}, drawn ${esc(when(w.ranAt))} by ${esc(w.promoterName)}.</p>
${w.publications.map(list).join('\n')}
<p>The draw's public record, with everything needed to check it: <a href="/draws/${esc(w.publicId)}/">/draws/${esc(w.publicId)}/</a></p>
</main></body></html>`
}
