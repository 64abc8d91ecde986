/**
 * CMS links (issue 18): only http, https, mailto and tel are rendered; anything else (javascript:,
 * data:, vbscript:, …, however spelled) becomes `#`. Relative links (/path, #anchor, ?query) stay.
 */
export const SAFE_LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'] as const

const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', amp: '&', sol: '/', lpar: '(', rpar: ')', quot: '"', apos: "'" }

/** Decodes the character references a browser would decode in an attribute value. */
function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff)))
    .replace(/&([a-z]+);?/gi, (whole, name: string) => NAMED[name.toLowerCase()] ?? whole)
}

export function isSafeHref(href: string): boolean {
  if (href.length > 4000) return false
  // Browsers drop ASCII whitespace and control characters inside a URL's scheme.
  const cleaned = decodeEntities(href).replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]
  if (!scheme) return !cleaned.startsWith('//') && !cleaned.startsWith('\\') && !cleaned.startsWith('/\\')
  return (SAFE_LINK_SCHEMES as readonly string[]).includes(`${scheme.toLowerCase()}:`)
}

export function safeHref(href: string | null | undefined): string {
  return typeof href === 'string' && isSafeHref(href) ? href : '#'
}

/** Every href="…" / href='…' in rendered rich text made safe. */
export function safeLinksInHtml(html: string): string {
  return html.replace(/(\shref\s*=\s*)("([^"]*)"|'([^']*)'|([^\s>]+))/gi, (_whole, prefix: string, _quoted, dq?: string, sq?: string, bare?: string) => {
    const value = dq ?? sq ?? bare ?? ''
    return isSafeHref(value) ? `${prefix}"${value.replace(/"/g, '&quot;')}"` : `${prefix}"#"`
  })
}
