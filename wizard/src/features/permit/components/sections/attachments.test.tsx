import {
  MSG_ATTACHMENT_REUSE_UNAVAILABLE,
  MSG_UPLOAD_ERROR,
  MSG_UPLOAD_SUCCESS,
  UPLOAD_LIMIT_BYTES,
  type Promotion,
  getApplicationIssues,
} from '@permitdesk/shared'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../lib/api-client'
import { getPromotionReuseList, saveAttachments, uploadFile } from '../../api/permit-api'
import type { PermitEditor } from '../../hooks/use-permit-editor'
import { EditorProvider } from '../editor-context'
import { AttachmentsSection } from './attachments'

vi.mock('../../api/permit-api', () => ({
  uploadFile: vi.fn(),
  saveAttachments: vi.fn(),
  getPromotionReuseList: vi.fn(),
}))

const PROMOTION_ID = 41

const attachment = (code: string, name: string, fileName: string) => ({
  attachmentType: { code, slug: null, name, isAddendum: false },
  exists: true,
  uploaded: false,
  reuseFromPromotion: null,
  shouldReuse: false,
  fileName,
  userFileName: `${name}.pdf`,
  fileExtension: 'pdf',
  uploadDate: '2026-03-05T01:00:00.000Z',
})

/** An NSW promotion with a managed submission, as GET /api/promotion/get answers it (the parts read here). */
function nswDraft(overrides: Partial<Promotion> = {}): Promotion {
  return {
    id: PROMOTION_ID,
    name: 'Summer giveaway',
    versionNumber: 3,
    managedSubmission: true,
    skillsBasedTC: false,
    termsAndConditions: false,
    abridgedTC: false,
    ausStates: { nsw: true },
    attachments: [],
    attachmentsRelevant: 'B,E,X',
    permit: { drawMethodsValue: 0, entryMethodsValue: 0, applicant: { hasLetterOfAuthority: false } },
    ...overrides,
  } as unknown as Promotion
}

function fakeEditor() {
  const write = vi.fn(async (call: (version: number) => Promise<Promotion>, pick: (draft: Promotion, answer: Promotion) => Promotion) => {
    const answer = await call(7)
    pick(nswDraft(), answer)
    return answer
  })
  return { serverErrors: {}, update: vi.fn(), write } as unknown as PermitEditor & { write: typeof write }
}

function renderSection(draft: Promotion, editor = fakeEditor(), { readOnly = false, revealed = false } = {}) {
  render(
    <EditorProvider editor={editor} draft={draft} issues={getApplicationIssues(draft, { now: new Date() })} revealed={revealed} readOnly={readOnly}>
      <AttachmentsSection />
    </EditorProvider>,
  )
  return editor
}

const rowOf = (name: string) => screen.getByRole('heading', { name: new RegExp(name) }).closest('li')!

beforeEach(() => {
  vi.mocked(saveAttachments).mockImplementation(async ({ attachments }) => ({ ...nswDraft(), attachments, versionNumber: 8 }) as unknown as Promotion)
})

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

describe('AttachmentsSection', () => {
  it('lists the terms and conditions and the advertisement as required for an NSW promotion, the list of entries after the draw', () => {
    renderSection(nswDraft(), fakeEditor(), { revealed: true })
    expect(screen.getByRole('heading', { name: 'B Terms and conditions' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'E Proposed advertisement or notice' })).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 3 }).filter((h) => h.closest('.attachment-row'))).toHaveLength(2)
    expect(within(rowOf('Terms and conditions')).getByText('Please upload this document.')).toBeTruthy()
    expect(screen.getByText('After the draw').closest('div')!.textContent).toContain('List of entries')
    // Named in words, the letter after (as on the dashboard), not a bare letter chip first.
    expect(screen.getByTestId('after-draw-X').textContent).toBe('List of entries (document X)')
  })

  it('names each after-the-draw document in words with its letter after, as the dashboard does (no bare letter chips)', () => {
    renderSection(nswDraft(), fakeEditor(), { revealed: true })
    const list = screen.getByText('After the draw').closest('div')!
    const items = within(list).getAllByRole('listitem')
    expect(items.length).toBeGreaterThan(0)
    for (const item of items) {
      expect(item.textContent).toMatch(/^\S.* \(document [A-Z]+\)$/)
      expect(item.querySelector('.attachment-code')).toBeNull()
    }
    expect(items.map((i) => i.textContent)).toContain('List of entries (document X)')
  })

  it('refuses a file over 10MB without uploading or saving', async () => {
    const editor = renderSection(nswDraft())
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' })
    Object.defineProperty(big, 'size', { value: UPLOAD_LIMIT_BYTES + 1 })
    const input = screen.getByLabelText('Upload Terms and conditions') as HTMLInputElement
    expect(input.type).toBe('file')
    fireEvent.change(input, { target: { files: [big] } })
    expect((await screen.findByRole('alert')).textContent).toBe(MSG_UPLOAD_ERROR)
    expect(uploadFile).not.toHaveBeenCalled()
    expect(editor.write).not.toHaveBeenCalled()
  })

  it('uploads a file and saves it with the other attachments as they are', async () => {
    const other = attachment('E', 'Poster', 'e-1.pdf')
    vi.mocked(uploadFile).mockResolvedValue({ serverFileName: 'b-2.pdf', headerFileName: 'tcs.pdf', fileExtension: 'pdf', date: '', message: '' })
    const editor = renderSection(nswDraft({ attachments: [other] }))
    fireEvent.change(screen.getByLabelText('Upload Terms and conditions'), { target: { files: [new File(['%PDF'], 'tcs.pdf')] } })
    await waitFor(() => expect(editor.write).toHaveBeenCalledTimes(1))
    expect(saveAttachments).toHaveBeenCalledWith({
      id: PROMOTION_ID,
      versionNumber: 7,
      attachments: [other, { attachmentType: { code: 'B' }, uploaded: true, fileName: 'b-2.pdf' }],
    })
    expect(within(rowOf('Terms and conditions')).getByRole('status').textContent).toBe(MSG_UPLOAD_SUCCESS)
  })

  it('resets one attachment by saving the list without it', async () => {
    const b = attachment('B', 'Terms', 'b-1.pdf')
    const e = attachment('E', 'Poster', 'e-1.pdf')
    const editor = renderSection(nswDraft({ attachments: [b, e] }))
    expect(within(rowOf('Terms and conditions')).getByRole('link').getAttribute('href')).toBe('/download/upload/b-1.pdf')
    fireEvent.click(screen.getByRole('button', { name: 'Reset Terms and conditions' }))
    await waitFor(() => expect(editor.write).toHaveBeenCalledTimes(1))
    expect(saveAttachments).toHaveBeenCalledWith({ id: PROMOTION_ID, versionNumber: 7, attachments: [e] })
  })

  it("shows the server's message when the chosen promotion has no such document", async () => {
    vi.mocked(getPromotionReuseList).mockResolvedValue([{ id: 12, name: 'Winter giveaway' }] as never)
    vi.mocked(saveAttachments).mockRejectedValue(
      new ApiError(400, { message: 'Invalid', modelState: { 'attachments.0.reuseFromPromotion': [MSG_ATTACHMENT_REUSE_UNAVAILABLE] } }),
    )
    renderSection(nswDraft())
    const row = rowOf('Terms and conditions')
    const details = row.querySelector('details')!
    details.open = true
    fireEvent(details, new Event('toggle'))
    fireEvent.change(await within(row).findByLabelText('Reuse Terms and conditions from'), { target: { value: '12' } })
    fireEvent.click(within(row).getByRole('button', { name: 'Reuse' }))
    expect((await within(row).findByRole('alert')).textContent).toBe(MSG_ATTACHMENT_REUSE_UNAVAILABLE)
    expect(saveAttachments).toHaveBeenCalledWith({
      id: PROMOTION_ID,
      versionNumber: 7,
      attachments: [{ attachmentType: { code: 'B' }, reuseFromPromotion: 12, shouldReuse: true }],
    })
    expect(getPromotionReuseList).toHaveBeenCalledWith(PROMOTION_ID)
  })
})
