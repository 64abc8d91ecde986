/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

/** Print styles shared by every document the service produces (applications, invoices, T&Cs, certificates). */
const PRINT_CSS = `
  * { box-sizing: border-box; }
  body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 10.5pt; color: #14213d; margin: 0; }
  h1 { font-size: 18pt; margin: 0 0 2mm; }
  h2 { font-size: 12.5pt; margin: 7mm 0 2mm; padding-bottom: 1mm; border-bottom: 1.5px solid #0b6e4f; break-after: avoid; }
  h3 { font-size: 11pt; margin: 4mm 0 1mm; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; vertical-align: top; padding: 1.2mm 2mm; border-bottom: 0.5px solid #d4d6d9; }
  th { width: 38%; font-weight: 600; color: #3b4252; }
  thead th { width: auto; border-bottom: 1px solid #9aa0a6; }
  tr { break-inside: avoid; }
  .muted { color: #5c6370; }
  .missing { color: #b42318; font-style: italic; }
  .banner { background: #fff4e5; border: 1px solid #f5a623; padding: 3mm; margin: 3mm 0; }
  .header { display: flex; justify-content: space-between; align-items: flex-start; }
  .money { text-align: right; font-variant-numeric: tabular-nums; }
`

/** A complete, self-contained HTML document (no external requests) ready for the PDF service. */
export function renderDocument(title: string, body: ReactNode): string {
  const markup = renderToStaticMarkup(
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <style>{PRINT_CSS}</style>
      </head>
      <body>{body}</body>
    </html>,
  )
  return `<!doctype html>${markup}`
}
