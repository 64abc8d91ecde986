import { formatDate, getAttachmentType, MSG_ERROR_OCCURRED, type Promotion } from '@permitdesk/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { ApiError } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { NativeButton, SortableTable, type TableColumn } from '../../components/ui'
import { getCustomerPromotion, saveAttachments, savePromotion, staffKeys, uploadFile } from '../api/staff-api'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'
import { uploadDownloadPath } from '../../config/paths'

type Attachment = Promotion['attachments'][number]

/** The attachment table's columns (exported for their test: the download link). */
export const ATTACHMENT_COLUMNS: readonly TableColumn<Attachment & { key: string }>[] = [
  { id: 'type', label: 'Type', isRowHeader: true, render: (a) => `${a.attachmentType.code} ${getAttachmentType(a.attachmentType.code)?.name ?? ''}` },
  {
    id: 'file',
    label: 'File',
    render: (a) =>
      a.fileName ? (
        <a href={uploadDownloadPath(a.fileName)}>{a.userFileName || a.fileName}</a>
      ) : a.reuseFromPromotion ? (
        `Reused from promotion ${a.reuseFromPromotion}`
      ) : (
        '—'
      ),
  },
  { id: 'uploaded', label: 'Uploaded', render: (a) => (a.uploadDate ? formatDate(a.uploadDate) : '—') },
]

const failure = (e: unknown) => (e instanceof ApiError ? e.message : MSG_ERROR_OCCURRED)

/**
 * attachments/{id}/: the promotion's attachments with downloads, the manual override of the
 * relevant list (attachmentsManualOverride, attachmentsManuallyRequired, saved with the whole
 * promotion as staff), and an upload on the customer's behalf.
 */
export function AttachmentsScreen() {
  const id = Number(useParams().id)
  const client = useQueryClient()
  const promotion = useQuery({ queryKey: staffKeys.customerPromotion(id), queryFn: () => getCustomerPromotion(id) })
  const reload = () => client.invalidateQueries({ queryKey: staffKeys.promotion(id) })
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
    // The record is saved back whole: never before it has loaded.
    if (!p) return
    try {
      await savePromotion({
        ...p,
        attachmentsManualOverride: override,
        attachmentsManuallyRequired: override ? required.toUpperCase().replace(/[^A-Z,]/g, '') : null,
      })
      setError(undefined)
      notify('Relevant attachments saved.', 'info')
      await reload()
    } catch (e) {
      setError(failure(e))
    }
  }

  async function upload(event: FormEvent) {
    event.preventDefault()
    if (!file || !code || !p) return
    try {
      const stored = await uploadFile(file)
      const others = p.attachments.filter((a: Attachment) => a.attachmentType.code !== code)
      await saveAttachments({
        id,
        versionNumber: p.versionNumber,
        attachments: [...others, { attachmentType: { code }, uploaded: true, fileName: stored.serverFileName, userFileName: stored.headerFileName }],
      })
      setError(undefined)
      notify(stored.message || 'File uploaded successfully.', 'info')
      await reload()
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
          <p>
            Relevant now: <strong data-testid="relevant">{p.attachmentsRelevant || '—'}</strong>
          </p>
          <SortableTable
            label="Attachments"
            columns={ATTACHMENT_COLUMNS}
            rows={p.attachments.map((a, i) => ({ ...a, key: `${a.attachmentType.code}-${i}` }))}
            rowKey={(a) => a.key}
            empty="No attachments yet."
            scrollable
            stacked
          />

          <h2>Relevant attachments</h2>
          <form className="inline" onSubmit={(e) => void saveOverride(e)}>
            <label className="check">
              <input type="checkbox" checked={override} onChange={(e) => setOverride(e.target.checked)} /> Override the relevant attachments
            </label>
            <label>
              Required attachment codes
              <input value={required} onChange={(e) => setRequired(e.target.value)} disabled={!override} placeholder="B,E" />
            </label>
            <NativeButton type="submit">Save relevant attachments</NativeButton>
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
            <NativeButton type="submit">Upload</NativeButton>
          </form>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
        </>
      )}
    </StaffLayout>
  )
}
