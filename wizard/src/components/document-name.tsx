/**
 * A document named in words with the spec's letter after it, "List of prize winners (document V)"
 * (issue 25): the dashboard's addenda and the permit editor's "After the draw" list both read this
 * way, instead of bare letter chips.
 */
import './document-name.css'
import { getAttachmentType } from '@permitdesk/shared'

export function DocumentName({ code, testId }: { code: string; testId?: string }) {
  const name = getAttachmentType(code)?.name ?? `Document ${code}`
  return (
    <>
      <strong className="document-name" data-testid={testId}>
        {name}
      </strong>{' '}
      <span className="document-code">(document {code})</span>
    </>
  )
}
