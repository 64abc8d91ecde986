import type { AdminPromotionDetail } from '@permitdesk/shared'
import { useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { api } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'
import { useLoad } from '../use-load'

const PERMIT_STATES = ['NSW', 'ACT', 'SA'] as const

function defaultNumber(state: (typeof PERMIT_STATES)[number]) {
  const yy = String(new Date().getFullYear() % 100).padStart(2, '0')
  return state === 'NSW' ? 'NTP/' : state === 'ACT' ? `TP ${yy}/` : `T${yy}/`
}

/** permitnumbers/{id}/: save the NSW, ACT and SA permit numbers with approval date, expiry and the permit document. */
export function PermitNumbersScreen() {
  const id = Number(useParams().id)
  const promotion = useLoad(() => api.get<AdminPromotionDetail>('/api/admin/getPromotion', { query: { id } }), [id])
  const states = PERMIT_STATES.filter((s) => promotion.data?.states.includes(s))
  return (
    <StaffLayout title="Permit numbers">
      <h1>Permit numbers for {promotion.data?.name || `promotion ${id}`}</h1>
      <p>
        <Link to={staffPaths.detail(id)}>Back to the promotion</Link>
      </p>
      {promotion.data && states.length === 0 && <p>This promotion needs no NSW, ACT or SA permit.</p>}
      {promotion.data && states.map((state) => <PermitNumberForm key={state} id={id} state={state} saved={promotion.data!.permitNumbers[state]} onSaved={promotion.reload} />)}
    </StaffLayout>
  )
}

function PermitNumberForm({ id, state, saved, onSaved }: { id: number; state: (typeof PERMIT_STATES)[number]; saved?: AdminPromotionDetail['permitNumbers'][string]; onSaved: () => Promise<void> }) {
  const [number, setNumber] = useState(saved?.number ?? defaultNumber(state))
  const [approvalDate, setApprovalDate] = useState(saved?.approvalDate ?? '')
  const [expiryDate, setExpiryDate] = useState(saved?.expiryDate ?? '')
  const [fileName, setFileName] = useState(saved?.fileName ?? '')
  const [errors, setErrors] = useState<Record<string, string[]>>({})

  async function upload(file: File) {
    const form = new FormData()
    form.append('file', file)
    const response = await fetch('/api/Upload', { method: 'POST', body: form, credentials: 'include' })
    const body = await response.json()
    if (!response.ok) return notify(body.message ?? 'Upload error. The maximum file size is 10MB.')
    setFileName(body.serverFileName)
    notify(body.message, 'info')
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    try {
      await api.post('/api/promotion/savePermitNumber', { promotionId: id, state, number, approvalDate, expiryDate: expiryDate || null, fileName: fileName || null }, { notify: false })
      setErrors({})
      notify(`${state} permit number saved.`, 'info')
      await onSaved()
    } catch (e) {
      const error = e as { modelState?: Record<string, string[]>; message: string }
      const shown = Object.keys(error.modelState ?? {}).some((k) => ['number', 'approvalDate', 'expiryDate'].includes(k))
      setErrors(shown ? error.modelState! : { '': [error.message] })
    }
  }
  const err = (key: string) => errors[key]?.map((m) => <span key={m} className="field-error" role="alert">{m}</span>)

  return (
    <form className="inline" onSubmit={(e) => void save(e)} aria-label={`${state} permit`}>
      <h2 style={{ width: '100%' }}>{state}</h2>
      <label>
        {state} permit number
        <input value={number} onChange={(e) => setNumber(e.target.value)} />
        {err('number')}
      </label>
      <label>
        {state} approval date
        <input type="date" value={approvalDate} onChange={(e) => setApprovalDate(e.target.value)} />
        {err('approvalDate')}
      </label>
      <label>
        {state} expiry date
        <input type="date" value={expiryDate} onChange={(e) => setExpiryDate(e.target.value)} />
        {err('expiryDate')}
      </label>
      <label>
        {state} permit document
        <input type="file" onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
        {fileName && <a href={`/download/upload/${fileName}`}>Download</a>}
      </label>
      {err('')}
      <button type="submit">Save {state} permit number</button>
    </form>
  )
}
