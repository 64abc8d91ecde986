import { dollarsToCents, formatCurrency, formatDate, formatDateTime, MSG_OWNER_EDITING, type AdminNoteView, type AdminPromotionDetail } from '@permitdesk/shared'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { api } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { LodgementPackPanel } from '../../components/lodgement-pack-panel'
import { Badge } from '../../components/ui'
import { LegalHoldPanel } from '../legal-hold-panel'
import { StaffLayout } from '../staff-layout'
import { invoicePaths, staffPaths } from '../staff-paths'
import { useLoad } from '../use-load'

/** Dollars on the wire, shown as the spec's currency. */
const money = (dollars: number) => formatCurrency(dollarsToCents(dollars))

/** detail/{id}/ (Promotion Detail): everything about one promotion and the staff actions on it. */
export function DetailScreen() {
  const id = Number(useParams().id)
  const promotion = useLoad(() => api.get<AdminPromotionDetail>('/api/admin/getPromotion', { query: { id } }), [id])
  const notes = useLoad(() => api.get<AdminNoteView[]>('/api/adminNote/getTasks', { query: { promotionId: id, resolved: 'all' } }), [id])
  const [newStatus, setNewStatus] = useState('')
  const [sendToWA, setSendToWA] = useState(false)
  const [note, setNote] = useState('')
  const p = promotion.data

  const act = async (path: string, body: unknown, done: string) => {
    await api.post(path, body)
    notify(done, 'info')
    await promotion.reload()
  }
  async function editInWizard() {
    const { active } = await api.get<{ active: boolean }>('/api/admin/isPromotionActive', { query: { id } })
    if (active && !window.confirm(`${MSG_OWNER_EDITING} Edit it anyway?`)) return
    window.location.assign(`/permit/edit/${id}/details/`)
  }

  return (
    <StaffLayout title="Promotion detail">
      {!p ? (
        <p aria-busy="true">{promotion.error ?? 'Loading…'}</p>
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
            <dd>{p.states.join(', ') || '—'}{p.includeNz ? ' + NZ' : ''}</dd>
            <dt>Start date</dt>
            <dd>{formatDate(p.startDate) || '—'}</dd>
            <dt>Total prize value</dt>
            <dd>{money(p.totalPrizeValue)}</dd>
            <dt>Licence fees</dt>
            <dd data-testid="licence-fees">
              {[['NSW', p.fees.NSW], ['ACT', p.fees.ACT], ['SA', p.fees.SA]].filter(([, fee]) => Number(fee) > 0).map(([state, fee]) => `${state} ${money(Number(fee))}${state === 'SA' && p.fees.isSAFeePremium ? ' (premium)' : ''}`).join(', ') || '—'}
              {`; total ${money(p.fees.total)} + GST ${money(p.fees.gst)}`}
            </dd>
            <dt>Permit numbers</dt>
            <dd>{Object.entries(p.permitNumbers).map(([s, n]) => `${s} ${n.number}`).join(', ') || '—'}</dd>
            <dt>Forms submitted</dt>
            <dd>{Object.entries(p.formsSubmitted).map(([s, at]) => `${s} ${formatDateTime(at)}`).join(', ') || '—'}</dd>
            <dt>Flags</dt>
            <dd>{[p.deleted && 'Deleted', p.archived && 'Archived', p.isTest && 'Test', p.forceSaPremium && 'SA premium forced'].filter(Boolean).join(', ') || '—'}</dd>
          </dl>

          <nav className="staff-actions" aria-label="Promotion screens">
            <Link to={staffPaths.changelog(id)}>Changelog</Link>
            <Link to={staffPaths.action(id)}>Actions</Link>
            <Link to={staffPaths.permitNumbers(id)}>Permit numbers</Link>
            <Link to={invoicePaths.list(id)}>Invoices</Link>
            <Link to={`${staffPaths.tasks}attachments/${id}/`}>Attachments</Link>
            <a href={`/promotions/downloadworkingpdf/${id}`}>Working PDF</a>
          </nav>

          <LodgementPackPanel promotionId={id} />
          <LegalHoldPanel promotionId={id} />

          <h2>Actions</h2>
          <div className="staff-actions">
            <button type="button" onClick={() => void editInWizard()}>
              Edit application
            </button>
            <button type="button" onClick={() => void act('/api/admin/approvePromotion', { promotionId: id, sendToWA }, 'Promotion approved.')}>
              Approve
            </button>
            <label className="check">
              <input type="checkbox" checked={sendToWA} onChange={(e) => setSendToWA(e.target.checked)} /> Send to WA
            </label>
            {p.statusId === 12 ? (
              <button type="button" onClick={() => void act('/api/promotion/unlock', { id }, 'Promotion unlocked.')}>
                Unlock
              </button>
            ) : (
              <button type="button" onClick={() => void act('/api/promotion/lock', { id }, 'Promotion locked.')}>
                Lock
              </button>
            )}
            {p.deleted ? (
              <button type="button" onClick={() => void act('/api/admin/restorePromotion', { id }, 'Promotion restored.')}>
                Restore
              </button>
            ) : (
              <button type="button" className="secondary" onClick={() => window.confirm('Delete this promotion?') && void act('/api/admin/deletePromotion', { id }, 'Promotion deleted.')}>
                Delete
              </button>
            )}
            {p.states.includes('SA') && (
              <button type="button" onClick={() => void act('/api/promotion/forceSaPremium', { id, on: !p.forceSaPremium }, 'Saved.')}>
                {p.forceSaPremium ? 'Stop forcing SA premium' : 'Force SA premium'}
              </button>
            )}
            <button type="button" onClick={() => void act('/api/promotion/sendPermitNumberUpdate', { id }, 'Permit numbers sent to the customer.')}>
              Send permit number update
            </button>
            <button type="button" className="secondary" onClick={() => void act('/api/admin/setTestPromotion', { id, isTest: !p.isTest }, p.isTest ? 'No longer a test promotion.' : 'Marked as a test promotion: left out of statistics and outstanding work.')}>
              {p.isTest ? 'Clear the test mark' : 'Mark as a test promotion'}
            </button>
          </div>
          <form
            className="inline"
            onSubmit={(e) => {
              e.preventDefault()
              if (newStatus) void act('/api/admin/forcePromotionStatusChange', { id, newStatus: Number(newStatus) }, 'Status changed.')
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
            <button type="submit">Change status</button>
          </form>
          <div className="staff-actions">
            {p.states.map((state) => (
              <button key={state} type="button" className="secondary" onClick={() => void act('/api/promotion/markFormsSubmitted', { id, state }, `${state} forms marked submitted.`)}>
                Mark {state} forms submitted
              </button>
            ))}
          </div>

          <h2>Notes</h2>
          <ul>
            {notes.data?.map((n) => (
              <li key={n.id}>
                {n.note} {n.resolved ? '(resolved)' : ''} <small>{new Date(n.createdAt).toLocaleString('en-AU')}</small>
              </li>
            ))}
          </ul>
          <form
            className="inline"
            onSubmit={(e) => {
              e.preventDefault()
              void api.post('/api/adminNote/create', { note, promotionId: id }).then(() => {
                setNote('')
                return notes.reload()
              })
            }}
          >
            <label>
              Add a note
              <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} cols={40} />
            </label>
            <button type="submit">Add note</button>
          </form>
        </>
      )}
    </StaffLayout>
  )
}
