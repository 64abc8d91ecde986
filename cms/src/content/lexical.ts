/**
 * A few builders for Lexical rich text (Payload's editor state), so the seed content can be
 * written as plain prose. Text is stored as text nodes: the HTML converter escapes it.
 */
type TextNode = { type: 'text'; text: string; format: number; version: 1; detail: 0; mode: 'normal'; style: '' }
type ElementNode = { type: string; version: 1; direction: 'ltr'; format: ''; indent: 0; children: unknown[]; [key: string]: unknown }

const text = (value: string, bold = false): TextNode => ({ type: 'text', text: value, format: bold ? 1 : 0, version: 1, detail: 0, mode: 'normal', style: '' })
const element = (type: string, children: unknown[], extra: Record<string, unknown> = {}): ElementNode => ({
  type,
  version: 1,
  direction: 'ltr',
  format: '',
  indent: 0,
  children,
  ...extra,
})

export const paragraph = (value: string) => element('paragraph', [text(value)], { textFormat: 0, textStyle: '' })
export const heading = (value: string, tag: 'h2' | 'h3' = 'h2') => element('heading', [text(value)], { tag })
export const list = (items: string[]) =>
  element(
    'list',
    items.map((item, index) => element('listitem', [text(item)], { value: index + 1 })),
    { listType: 'bullet', tag: 'ul', start: 1 },
  )

/** A rich-text value from blocks; a plain string becomes a paragraph. */
export function richText(...blocks: Array<string | ElementNode>) {
  return {
    root: element(
      'root',
      blocks.map((block) => (typeof block === 'string' ? paragraph(block) : block)),
    ),
  }
}
