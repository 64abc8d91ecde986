import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ATTACHMENT_COLUMNS } from './attachments-screen'

afterEach(cleanup)

describe("staff attachments: a file's download link (issue 25)", () => {
  it('encodes a file name with a space, #, ? and %, so the whole name reaches the server', () => {
    const file = ATTACHMENT_COLUMNS.find((c) => c.id === 'file')!
    const row = {
      key: 'B',
      attachmentType: { code: 'B' },
      fileName: 'T&Cs #2 final? 100%.pdf',
      userFileName: 'Terms.pdf',
    } as unknown as Parameters<typeof file.render>[0]
    render(<>{file.render(row)}</>)
    const href = screen.getByRole('link', { name: 'Terms.pdf' }).getAttribute('href')!
    expect(href).toBe(`/download/upload/${encodeURIComponent('T&Cs #2 final? 100%.pdf')}`)
    expect(new URL(href, 'https://example.test').pathname).toBe('/download/upload/T%26Cs%20%232%20final%3F%20100%25.pdf')
  })
})
