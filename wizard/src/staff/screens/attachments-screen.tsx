import { getAttachmentType, MSG_ERROR_OCCURRED, type Promotion } from '@permitdesk/shared'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { api, ApiError } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'
import { useLoad } from '../use-load'

type Attachment = Promotion['attachments'][number]
type PromotionView = Promotion & { attachmentsRelevant?: string; attachmentsManualOverride?: boolean | null; attachmentsManuallyRequired?: string | null }

const failure = (e: unknown) => (e instanceof ApiError ? e.message : MSG_ERROR_OCCURRED)

/**
 * attachments/{id}/: the promotion's attachments with downloads, the manual override of the
 * relevant list (attachmentsManualOverride, attachmentsManuallyRequired, saved with the whole
 * promotion as staff), and an upload on the customer's behalf.
 */
export function AttachmentsScreen() {
  const id = Number(useParams().id)
  const promotion = useLoad(() => api.get<PromotionView>('/api/promotion/get', { query: { id } }), [id])
  const p = promotion.data
  const [override, setOverride] = useState(false)
  const [required, setRequired] = useState('')
  const [code, setCode] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    if (!p) return
    setOverride(p.attachmentsManualOverride === true)
    setRequired(p.attachmentsManuallyRequired ?? '')
  }, [p])

  async function saveOverride(event: FormEvent) {
    event.preventDefault()
    try {
      await api.post('/api/promotion/save', { ...p, attachmentsManualOverride: override, attachmentsManuallyRequired: override ? required.toUpperCase().replace(/[^A-Z,]/g, '') : null }, { notify: false })
      setError(undefined)
      notify('Relevant attachments saved.', 'info')
      await promotion.reload()
    } catch (e) {
      setError(failure(e))
    }
  }

  async function upload(event: FormEvent) {
    event.preventDefault()
    if (!file || !code || !p) return
    const form = new FormData()
    form.append('file', file)
    const response = await fetch('/api/Upload', { method: 'POST', body: form, credentials: 'include' })
    const body = await response.json().catch(() => ({}))
    if (!response.ok) return setError(body.message ?? 'Upload error. The maximum file size is 10MB.')
    try {
      const others = p.attachments.filter((a: Attachment) => a.attachmentType.code !== code)
      await api.post('/api/promotion/saveAttachments', { id, versionNumber: p.versionNumber, attachments: [...others, { attachmentType: { code }, uploaded: true, fileName: body.serverFileName, userFileName: body.headerFileName }] }, { notify: false })
      setError(undefined)
      notify(body.message ?? 'File uploaded successfully.', 'info')
      await promotion.reload()
    } catch (e) {
      setError(failure(e))
    }
  }

  return (
    <StaffLayout title="Attachments">
      <h1>Attachments of {p?.name || `promotion ${id}`}</h1>
      <p>
        <Link to={staffPaths.detail(id)}>Back to the promotion</Link>
      </p>
      {p && (
        <>
          <p>Relevant now: <strong data-testid="relevant">{p.attachmentsRelevant || '—'}</strong></p>
          <table>
            <thead>
              <tr>
                <th>Type</th>
                <th>File</th>
                <th>Uploaded</th>
              </tr>
            </thead>
            <tbody>
              {p.attachments.map((a: Attachment, i: number) => (
                <tr key={`${a.attachmentType.code}-${i}`}>
                  <td>
                    {a.attachmentType.code} {getAttachmentType(a.attachmentType.code)?.name ?? ''}
                  </td>
                  <td>{a.fileName ? <a href={`/download/upload/${a.fileName}`}>{a.userFileName || a.fileName}</a> : a.reuseFromPromotion ? `Reused from promotion ${a.reuseFromPromotion}` : '—'}</td>
                  <td>{a.uploadDate ? new Date(a.uploadDate).toLocaleDateString('en-AU') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {p.attachments.length === 0 && <p>No attachments yet.</p>}

          <h2>Relevant attachments</h2>
          <form className="inline" onSubmit={(e) => void saveOverride(e)}>
            <label className="check">
              <input type="checkbox" checked={override} onChange={(e) => setOverride(e.target.checked)} /> Override the relevant attachments
            </label>
            <label>
              Required attachment codes
              <input value={required} onChange={(e) => setRequired(e.target.value)} disabled={!override} placeholder="B,E" />
            </label>
            <button type="submit">Save relevant attachments</button>
          </form>

          <h2>Upload for the customer</h2>
          <form className="inline" onSubmit={(e) => void upload(e)}>
            <label>
              Attachment type (code)
              <input value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} size={3} maxLength={2} />
            </label>
            <label>
              File
              <input type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </label>
            <button type="submit">Upload</button>
          </form>
          {error && <p role="alert" className="field-error">{error}</p>}
        </>
      )}
    </StaffLayout>
  )
}
