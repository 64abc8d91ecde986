import { escapeHtml } from '@permitdesk/shared'

/**
 * The site's typography (site/src/layouts/Base.astro) for T&C pages: the hosted page and the PDF
 * print the same HTML.
 */
export const TERMS_CSS = `
  :root { --ink: #14213d; --accent: #0b6e4f; --muted: #4b5260; --line: #deded6; --bg: #fbfbf8; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Liberation Sans', sans-serif; color: var(--ink); background: var(--bg); line-height: 1.55; font-size: 16px; }
  main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; background: #fff; }
  h1 { font-size: 1.75rem; line-height: 1.2; margin: 0 0 .5rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .4rem; color: var(--accent); }
  p { margin: 0 0 .75rem; }
  ol.terms-clauses { padding-left: 1.5rem; }
  ol.terms-clauses > li::marker { font-weight: 700; color: var(--accent); }
  .meta { color: var(--muted); font-size: .9rem; margin: 0 0 1.5rem; }
  .versions { border-top: 1px solid var(--line); margin-top: 2rem; padding-top: 1rem; font-size: .9rem; color: var(--muted); }
  .versions ul { padding-left: 1.2rem; }
  .print { font: inherit; padding: .4rem .9rem; border: 1px solid var(--accent); background: #fff; color: var(--accent); border-radius: 4px; cursor: pointer; }
  @media print { body { background: #fff; font-size: 10.5pt; } main { padding: 0; max-width: none; } .print, .no-print { display: none; } }
  @page { margin: 18mm 16mm; }
`

/** A complete HTML page around a terms fragment (already escaped or sanitised). */
export function termsPage({
  title,
  fragment,
  meta,
  footer,
  printButton = false,
}: {
  title: string
  fragment: string
  meta?: string
  footer?: string
  printButton?: boolean
}): string {
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<meta name="robots" content="noindex"><style>${TERMS_CSS}</style></head>
<body><main>
${printButton ? '<p class="no-print"><button class="print" type="button" onclick="window.print()">Print</button></p>' : ''}
${meta ? `<p class="meta">${meta}</p>` : ''}
${fragment}
${footer ?? ''}
</main></body></html>`
}
