import type { AdminPromotionDetail } from '@permitdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { ApiError } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { DatePicker, NativeButton } from '../../components/ui'
import { getAdminPromotion, savePermitNumber, staffKeys, uploadFile } from '../api/staff-api'
import { useStaffAction } from '../api/use-staff-action'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'
import { uploadDownloadPath } from '../../config/paths'

const PERMIT_STATES = ['NSW', 'ACT', 'SA'] as const

function defaultNumber(state: (typeof PERMIT_STATES)[number]) {
  const yy = String(new Date().getFullYear() % 100).padStart(2, '0')
  return state === 'NSW' ? 'NTP/' : state === 'ACT' ? `TP ${yy}/` : `T${yy}/`
}

/** permitnumbers/{id}/: save the NSW, ACT and SA permit numbers with approval date, expiry and the permit document. */
export function PermitNumbersScreen() {
  const id = Number(useParams().id)
  const promotion = useQuery({ queryKey: staffKeys.promotion(id), queryFn: () => getAdminPromotion(id) })
  const states = PERMIT_STATES.filter((s) => promotion.data?.states.includes(s))
  return (
    <StaffLayout title="Permit numbers">
      <h1>Permit numbers for {promotion.data?.name || `promotion ${id}`}</h1>
      <p>
        <Link to={staffPaths.detail(id)}>Back to the promotion</Link>
      </p>
      {promotion.data && states.length === 0 && <p>This promotion needs no NSW, ACT or SA permit.</p>}
      {promotion.data && states.map((state) => <PermitNumberForm key={state} id={id} state={state} saved={promotion.data!.permitNumbers[state]} />)}
    </StaffLayout>
  )
}

function PermitNumberForm({ id, state, saved }: { id: number; state: (typeof PERMIT_STATES)[number]; saved?: AdminPromotionDetail['permitNumbers'][string] }) {
  const [number, setNumber] = useState(saved?.number ?? defaultNumber(state))
  const [approvalDate, setApprovalDate] = useState(saved?.approvalDate ?? '')
  const [expiryDate, setExpiryDate] = useState(saved?.expiryDate ?? '')
  const [fileName, setFileName] = useState(saved?.fileName ?? '')
  const [errors, setErrors] = useState<Record<string, string[]>>({})

  const save = useStaffAction(
    () => savePermitNumber({ promotionId: id, state, number, approvalDate, expiryDate: expiryDate || null, fileName: fileName || null }),
    {
      done: `${state} permit number saved.`,
      onSuccess: () => setErrors({}),
      onError: (e) => {
        const error = e as ApiError
        const shown = Object.keys(error.modelState ?? {}).some((k) => ['number', 'approvalDate', 'expiryDate'].includes(k))
        setErrors(shown ? error.modelState! : { '': [error.message] })
      },
    },
  )

  async function upload(file: File) {
    try {
      const stored = await uploadFile(file)
      setFileName(stored.serverFileName)
      notify(stored.message, 'info')
    } catch (e) {
      notify(e instanceof ApiError ? e.message : String(e))
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    save.mutate(undefined)
  }
  const err = (key: string) =>
    errors[key]?.map((m) => (
      <span key={m} className="field-error" role="alert">
        {m}
      </span>
    ))

  return (
    <form className="inline" onSubmit={submit} aria-label={`${state} permit`}>
      <h2 style={{ width: '100%' }}>{state}</h2>
      <label>
        {state} permit number
        <input value={number} onChange={(e) => setNumber(e.target.value)} />
        {err('number')}
      </label>
      {/* The design system's date fields: day first (dd/mm/yyyy) whatever the browser's language. */}
      <DatePicker
        label={`${state} approval date`}
        value={approvalDate || null}
        onChange={(value) => setApprovalDate(value ?? '')}
        errorMessage={errors.approvalDate?.join(' ')}
      />
      <DatePicker
        label={`${state} expiry date`}
        value={expiryDate || null}
        onChange={(value) => setExpiryDate(value ?? '')}
        errorMessage={errors.expiryDate?.join(' ')}
      />
      <label>
        {state} permit document
        <input type="file" onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
        {fileName && <a href={uploadDownloadPath(fileName)}>Download</a>}
      </label>
      {err('')}
      <NativeButton type="submit" disabled={save.isPending}>
        Save {state} permit number
      </NativeButton>
    </form>
  )
}
