/**
 * Clause text in the CMS is Lexical rich text; generation works on plain paragraphs. Each block
 * (paragraph, heading, quote) becomes a paragraph and each list item one too; line breaks become
 * spaces. Formatting is dropped on purpose: the documents are styled by their own CSS.
 */
type LexicalNode = { type?: string; text?: string; children?: LexicalNode[] }

function textOf(node: LexicalNode): string {
  if (node.type === 'linebreak') return ' '
  if (typeof node.text === 'string') return node.text
  return (node.children ?? []).map(textOf).join('')
}

export function lexicalToParagraphs(value: unknown): string[] {
  const root = (value as { root?: LexicalNode } | null | undefined)?.root
  if (!root?.children) return []
  const paragraphs: string[] = []
  const visit = (node: LexicalNode) => {
    if (node.type === 'list') return (node.children ?? []).forEach(visit)
    const text = textOf(node).replace(/\s+/g, ' ').trim()
    if (text) paragraphs.push(text)
  }
  root.children.forEach(visit)
  return paragraphs
}
