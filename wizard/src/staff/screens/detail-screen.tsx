import {
  availableEvents,
  dollarsToCents,
  formatCurrency,
  formatDate,
  formatDateTime,
  MSG_OWNER_EDITING,
  type AdminNoteView,
  type AdminPromotionDetail,
} from '@permitdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { ApiError } from '../../lib/api-client'
import { LodgementPackPanel } from '../../components/lodgement-pack-panel'
import { Alert, Badge, Button, Checkbox, Modal, NativeButton } from '../../components/ui'
import { createNote, getAdminPromotion, getNotes, isPromotionActive, promotionActions, staffKeys } from '../api/staff-api'
import { useStaffAction } from '../api/use-staff-action'
import { MakeTaskDialog } from '../make-task-dialog'
import { LegalHoldPanel } from '../legal-hold-panel'
import { StaffLayout } from '../staff-layout'
import { invoicePaths, staffPaths } from '../staff-paths'

/** Dollars on the wire, shown as the spec's currency. */
const money = (dollars: number) => formatCurrency(dollarsToCents(dollars))

/** What happened to the WA notice (001 §4, issue 26), in words. */
function waNoticeText(p: AdminPromotionDetail): string {
  if (p.waNotice.sentAt) return `E-mailed to ${p.waNotice.sentTo} on ${formatDateTime(p.waNotice.sentAt)}`
  if (p.waNotice.requested) return 'Being e-mailed to the WA department'
  return p.states.includes('WA') ? 'Not sent' : '—'
}

/** detail/{id}/ (Promotion Detail): everything about one promotion and the staff actions on it. */
export function DetailScreen() {
  const id = Number(useParams().id)
  const promotion = useQuery({
    queryKey: staffKeys.promotion(id),
    queryFn: () => getAdminPromotion(id),
    // The WA notice goes out behind the approval (the outbox): look again until it is recorded.
    refetchInterval: (query) => (query.state.data?.waNotice.requested && !query.state.data.waNotice.sentAt ? 2000 : false),
  })
  const p = promotion.data

  return (
    <StaffLayout title="Promotion detail">
      {!p ? (
        <p aria-busy={promotion.isPending}>{promotion.error ? promotion.error.message : 'Loading…'}</p>
      ) : (
        <>
          <h1>
            {p.name || '(no name)'} <small>#{p.id}</small> {p.isTest && <Badge tone="warning">Test promotion</Badge>}
          </h1>
          <dl className="staff-dl">
            <dt>Status</dt>
            <dd data-testid="status">{p.statusName}</dd>
            <dt>Account</dt>
            <dd>{p.owner ? `${p.owner.name}, ${p.owner.accountName} (${p.owner.email}${p.owner.phone ? `, ${p.owner.phone}` : ''})` : ''}</dd>
            <dt>Organisation</dt>
            <dd>{p.organisation ?? '—'}</dd>
            <dt>States</dt>
            <dd>
              {p.states.join(', ') || '—'}
              {p.includeNz ? ' + NZ' : ''}
            </dd>
            <dt>Start date</dt>
            <dd>{formatDate(p.startDate) || '—'}</dd>
            <dt>Submitted</dt>
            <dd>{p.submittedAt ? formatDateTime(p.submittedAt) : '—'}</dd>
            <dt>Total prize value</dt>
            <dd>{money(p.totalPrizeValue)}</dd>
            <dt>Licence fees</dt>
            <dd data-testid="licence-fees">
              {[
                ['NSW', p.fees.NSW],
                ['ACT', p.fees.ACT],
                ['SA', p.fees.SA],
              ]
                .filter(([, fee]) => Number(fee) > 0)
                .map(([state, fee]) => `${state} ${money(Number(fee))}${state === 'SA' && p.fees.isSAFeePremium ? ' (premium)' : ''}`)
                .join(', ') || '—'}
            </dd>
            {/* The licence fees are one part of what the customer pays: the whole is its own line (it read "NSW $468; total $713 + GST $24.50"). */}
            <dt>Fees in all</dt>
            <dd data-testid="fees-in-all">
              {`${money(p.fees.total)} + GST ${money(p.fees.gst)}${p.fees.surcharge ? ` + card surcharge ${money(p.fees.surcharge)}` : ''} = ${money(p.fees.grandTotal)}`}
            </dd>
            <dt>Permit numbers</dt>
            <dd>
              {Object.entries(p.permitNumbers)
                .map(([s, n]) => `${s} ${n.number}`)
                .join(', ') || '—'}
            </dd>
            <dt>Forms submitted</dt>
            <dd>
              {Object.entries(p.formsSubmitted)
                .map(([s, at]) => `${s} ${formatDateTime(at)}`)
                .join(', ') || '—'}
            </dd>
            <dt>WA notice</dt>
            <dd data-testid="wa-notice">{waNoticeText(p)}</dd>
            <dt>Flags</dt>
            <dd>
              {[p.deleted && 'Deleted', p.archived && 'Archived', p.isTest && 'Test', p.forceSaPremium && 'SA premium forced'].filter(Boolean).join(', ') ||
                '—'}
            </dd>
          </dl>

          <nav className="staff-actions" aria-label="Promotion screens">
            {/* One app (issue 26): staff read and act on the customer's own dashboard (T&Cs, draw, entries). */}
            <Link to={`/promotions/edit/${id}/`}>Customer's dashboard</Link>
            <Link to={staffPaths.changelog(id)}>Changelog</Link>
            <Link to={staffPaths.action(id)}>Actions</Link>
            <Link to={staffPaths.permitNumbers(id)}>Permit numbers</Link>
            <Link to={invoicePaths.list(id)}>Invoices</Link>
            <Link to={`${staffPaths.tasks}attachments/${id}/`}>Attachments</Link>
            <a href={`/promotions/downloadworkingpdf/${id}`}>Working PDF</a>
          </nav>

          <LodgementPackPanel promotionId={id} />
          <LegalHoldPanel promotionId={id} />

          <PromotionActions p={p} />
          <Notes promotionId={id} />
        </>
      )}
    </StaffLayout>
  )
}

function PromotionActions({ p }: { p: AdminPromotionDetail }) {
  const id = p.id
  const [newStatus, setNewStatus] = useState('')
  const [dialog, setDialog] = useState<'approve' | 'delete' | 'edit' | null>(null)
  const [sendToWA, setSendToWA] = useState(p.states.includes('WA'))
  const [approveError, setApproveError] = useState('')
  const lock = useStaffAction(() => (p.statusId === 12 ? promotionActions.unlock(id) : promotionActions.lock(id)), {
    done: p.statusId === 12 ? 'Promotion unlocked.' : 'Promotion locked.',
  })
  const remove = useStaffAction(() => (p.deleted ? promotionActions.restore(id) : promotionActions.delete(id)), {
    done: p.deleted ? 'Promotion restored.' : 'Promotion deleted.',
    onSuccess: () => setDialog(null),
  })
  const saPremium = useStaffAction(() => promotionActions.forceSaPremium(id, !p.forceSaPremium), { done: 'Saved.' })
  const permitUpdate = useStaffAction(() => promotionActions.sendPermitNumberUpdate(id), { done: 'Permit numbers sent to the customer.' })
  const testMark = useStaffAction(() => promotionActions.setTest(id, !p.isTest), {
    done: p.isTest ? 'No longer a test promotion.' : 'Marked as a test promotion: left out of statistics and outstanding work.',
  })
  const force = useStaffAction((status: number) => promotionActions.forceStatus(id, status), { done: 'Status changed.', onSuccess: () => setNewStatus('') })
  const forms = useStaffAction((state: Parameters<typeof promotionActions.markFormsSubmitted>[1]) => promotionActions.markFormsSubmitted(id, state), {
    done: 'Forms marked submitted.',
  })
  const approve = useStaffAction(() => promotionActions.approve(id, sendToWA && p.states.includes('WA')), {
    done: sendToWA && p.states.includes('WA') ? 'Promotion approved; the WA notice is being e-mailed to the WA department.' : 'Promotion approved.',
    onSuccess: () => (setDialog(null), setApproveError('')),
    onError: (e) => setApproveError(e instanceof ApiError ? e.messages.join(' ') : String(e)),
  })

  async function editInWizard() {
    const { active } = await isPromotionActive(id)
    if (active) return setDialog('edit')
    window.location.assign(`/permit/edit/${id}/details/`)
  }

  return (
    <>
      <h2>Actions</h2>
      {availableEvents(p.statusId, 'admin').includes('APPROVE_TERMS') && (
        <Alert tone="info">
          The customer has not approved the T&amp;Cs yet. When they confirm them to you, approve them for the customer in the T&amp;Cs section of the{' '}
          <Link to={`/promotions/edit/${id}/`}>customer's dashboard</Link>: the application then moves on to submission.
        </Alert>
      )}
      <div className="staff-actions">
        <NativeButton onClick={() => void editInWizard()}>Edit application</NativeButton>
        {/* Only where the status table allows it (submitted or resubmitted). */}
        {availableEvents(p.statusId, 'admin').includes('APPROVE_PROMOTION') && <NativeButton onClick={() => setDialog('approve')}>Approve</NativeButton>}
        <NativeButton onClick={() => lock.mutate(undefined)} disabled={lock.isPending}>
          {p.statusId === 12 ? 'Unlock' : 'Lock'}
        </NativeButton>
        {p.deleted ? (
          <NativeButton onClick={() => remove.mutate(undefined)}>Restore</NativeButton>
        ) : (
          <NativeButton variant="secondary" onClick={() => setDialog('delete')}>
            Delete
          </NativeButton>
        )}
        {p.states.includes('SA') && (
          <NativeButton onClick={() => saPremium.mutate(undefined)}>{p.forceSaPremium ? 'Stop forcing SA premium' : 'Force SA premium'}</NativeButton>
        )}
        <NativeButton onClick={() => permitUpdate.mutate(undefined)}>Send permit number update</NativeButton>
        <NativeButton variant="secondary" onClick={() => testMark.mutate(undefined)}>
          {p.isTest ? 'Clear the test mark' : 'Mark as a test promotion'}
        </NativeButton>
      </div>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault()
          if (newStatus) force.mutate(Number(newStatus))
        }}
      >
        <label>
          Force status
          <select value={newStatus} onChange={(e) => setNewStatus(e.target.value)}>
            <option value="">Choose a status</option>
            {p.forceableStatuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <NativeButton type="submit">Change status</NativeButton>
      </form>
      <div className="staff-actions">
        {p.states.map((state) => (
          <NativeButton key={state} variant="secondary" onClick={() => forms.mutate(state as Parameters<typeof promotionActions.markFormsSubmitted>[1])}>
            Mark {state} forms submitted
          </NativeButton>
        ))}
      </div>

      <Modal
        isOpen={dialog === 'approve'}
        title="Approve this promotion"
        onClose={() => (setDialog(null), setApproveError(''))}
        actions={
          <>
            <Button variant="secondary" onPress={() => (setDialog(null), setApproveError(''))}>
              Cancel
            </Button>
            <Button onPress={() => approve.mutate(undefined)} isPending={approve.isPending}>
              Approve promotion
            </Button>
          </>
        }
      >
        <p>The promotion moves to Approved and the customer sees it at once.</p>
        {p.states.includes('WA') && (
          <Checkbox isSelected={sendToWA} onChange={setSendToWA}>
            E-mail the WA notice (PDF) to the WA department
          </Checkbox>
        )}
        {approveError && (
          <Alert tone="danger" live>
            {approveError}
          </Alert>
        )}
      </Modal>
      <Modal
        isOpen={dialog === 'delete'}
        title="Delete this promotion?"
        onClose={() => setDialog(null)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setDialog(null)}>
              Cancel
            </Button>
            <Button variant="danger" onPress={() => remove.mutate(undefined)}>
              Delete promotion
            </Button>
          </>
        }
      >
        <p>The customer no longer sees it. Staff can restore it from this screen.</p>
      </Modal>
      <Modal
        isOpen={dialog === 'edit'}
        title="The customer is editing"
        onClose={() => setDialog(null)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setDialog(null)}>
              Cancel
            </Button>
            <Button onPress={() => window.location.assign(`/permit/edit/${id}/details/`)}>Edit anyway</Button>
          </>
        }
      >
        <p>{MSG_OWNER_EDITING}</p>
      </Modal>
    </>
  )
}

/** The promotion's notes and tasks together (a note stays a note until staff make it a task). */
function Notes({ promotionId }: { promotionId: number }) {
  const filter = { promotionId, resolved: 'all', kind: 'all' } as const
  const notes = useQuery({ queryKey: staffKeys.notes(filter), queryFn: () => getNotes(filter) })
  const [text, setText] = useState('')
  const [error, setError] = useState('')
  const [making, setMaking] = useState<AdminNoteView | null>(null)
  const add = useStaffAction(() => createNote({ note: text, promotionId }), {
    done: 'Note added.',
    onSuccess: () => (setText(''), setError('')),
    onError: (e) => setError(e instanceof ApiError ? e.messages.join(' ') : String(e)),
  })
  return (
    <section aria-labelledby="notes-heading">
      <h2 id="notes-heading">Notes and tasks</h2>
      {notes.data?.length === 0 && <p>No notes yet.</p>}
      <ul className="staff-notes">
        {notes.data?.map((n) => (
          <li key={n.id} data-testid={`note-${n.id}`}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{n.note}</span>{' '}
            {n.isTask ? (
              <Badge tone="info">
                Task{n.dueDate ? `, due ${formatDate(n.dueDate)}` : ''}
                {n.assignedToName ? `, ${n.assignedToName}` : ''}
              </Badge>
            ) : (
              <Badge>Note</Badge>
            )}{' '}
            {n.resolved && <Badge tone="success">Resolved</Badge>}{' '}
            <small>
              {n.source}, {formatDateTime(n.createdAt)}
            </small>{' '}
            {!n.isTask && !n.resolved && (
              <NativeButton variant="secondary" onClick={() => setMaking(n)}>
                Make this a task
              </NativeButton>
            )}
          </li>
        ))}
      </ul>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault()
          add.mutate(undefined)
        }}
      >
        <label>
          Add a note
          <textarea value={text} onChange={(e) => setText(e.target.value)} rows={2} cols={40} />
        </label>
        <NativeButton type="submit" disabled={add.isPending}>
          Add note
        </NativeButton>
        {error && (
          <span role="alert" className="field-error">
            {error}
          </span>
        )}
      </form>
      {making && <MakeTaskDialog note={making} onClose={() => setMaking(null)} />}
    </section>
  )
}
