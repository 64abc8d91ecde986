import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { formatDate, formatDateTime, LABEL_ON_LEGAL_HOLD } from '@permitdesk/shared'
import { Alert, Badge, Button, Modal, TextField } from '../components/ui'
import { ApiError } from '../lib/api-client'
import { getLegalHold, legalHoldKey, setLegalHold } from './api/legal-hold-api'

/**
 * The promotion detail's legal hold (issue #30): while held, the entrants' personal data is kept
 * past the records period; placing and lifting each need a reason, kept in the changelog.
 */
export function LegalHoldPanel({ promotionId }: { promotionId: number }) {
  const hold = useQuery({ queryKey: legalHoldKey(promotionId), queryFn: () => getLegalHold(promotionId) })
  const [open, setOpen] = useState(false)
  const h = hold.data
  return (
    <section className="legal-hold" aria-labelledby="legal-hold-title">
      <h2 id="legal-hold-title">Personal data and legal hold</h2>
      {hold.isPending && <p role="status">Loading…</p>}
      {hold.isError && <Alert tone="danger">{hold.error.message}</Alert>}
      {h && (
        <>
          <p data-testid="legal-hold-state">
            {h.dataDeletedAt ? (
              <>
                Entrants’ personal data deleted {formatDateTime(h.dataDeletedAt)}. {h.certificateUrl && <a href={h.certificateUrl}>Deletion certificate</a>}
              </>
            ) : h.onLegalHold ? (
              <>
                <Badge tone="warning">{LABEL_ON_LEGAL_HOLD}</Badge> since {formatDateTime(h.placedAt)}: {h.reason}
              </>
            ) : h.keepUntil ? (
              <>Entrants’ personal data is kept until {formatDate(h.keepUntil)}, then deleted.</>
            ) : (
              <>No record-keeping period applies yet: entrants’ personal data is kept.</>
            )}
          </p>
          {!h.dataDeletedAt && (
            <Button variant="secondary" onPress={() => setOpen(true)}>
              {h.onLegalHold ? 'Lift the legal hold' : 'Place a legal hold'}
            </Button>
          )}
          {open && <HoldDialog promotionId={promotionId} placing={!h.onLegalHold} onClose={() => setOpen(false)} />}
        </>
      )}
    </section>
  )
}

function HoldDialog({ promotionId, placing, onClose }: { promotionId: number; placing: boolean; onClose: () => void }) {
  const queryClient = useQueryClient()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const save = useMutation({
    mutationFn: () => setLegalHold({ id: promotionId, reason, on: placing }),
    onSuccess: (view) => {
      queryClient.setQueryData(legalHoldKey(promotionId), view)
      onClose()
    },
    onError: (e: Error) => setError(e instanceof ApiError && e.modelState?.reason ? e.modelState.reason[0] : e.message),
  })
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    setError(undefined)
    save.mutate()
  }
  return (
    <Modal
      isOpen
      title={placing ? 'Place a legal hold' : 'Lift the legal hold'}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button variant="primary" onPress={() => submit()} isDisabled={save.isPending}>
            {save.isPending ? 'Saving…' : placing ? 'Place the hold' : 'Lift the hold'}
          </Button>
        </>
      }
    >
      <form onSubmit={submit}>
        <p>
          {placing
            ? 'While the hold stands, the entrants’ personal data is not deleted when the records period ends.'
            : 'Once lifted, the data is deleted on the next daily run if its records period is over.'}
        </p>
        <TextField
          label="Reason"
          value={reason}
          onChange={(value) => {
            setReason(value)
            setError(undefined)
          }}
          multiline
          rows={3}
          errorMessage={error}
          autoFocus
        />
      </form>
    </Modal>
  )
}
