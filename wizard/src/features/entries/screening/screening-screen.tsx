import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  ENTRY_FLAG_LABELS,
  FLAG_KINDS,
  type FlagKind,
  formatDateTime,
  MSG_FREEZE_CONFIRM,
  MSG_SCREENING_CLAUSE_INVALID,
  MSG_SCREENING_DECISION_REASON_REQUIRED,
  msgFreezeDone,
  msgFreezeUndecided,
  msgScreeningDecided,
} from '@permitdesk/shared'
import { AppLayout } from '../../../components/layouts/app-layout'
import { Alert, Badge, Button, Checkbox, Modal, Pager, Select, SortableTable, TextField, type TableColumn } from '../../../components/ui'
import { ApiError } from '../../../lib/api-client'
import { decide, freeze, getScreening, screenAgain, screeningKey, type Decision, type FlaggedGroup, type FreezeAnswer, type ScreenedEntry } from './api'
import './screening-screen.css'

// Busy buttons here are disabled, not pending: react-aria announces a pending button by its label,
// which is gone once the dialog closes or the screen freezes (axe: role-img-alt on the announcement).
const messageOf = (error: unknown) => (error instanceof ApiError ? error.messages.join(' ') : String(error))
const number = (n: number) => n.toLocaleString('en-AU')

/** What a decision covers: a whole group, or one entry. */
type Target = { group: FlaggedGroup; decision: Decision; entry?: ScreenedEntry }

const KIND_OPTIONS = [{ id: '', label: 'Every flag' }, ...FLAG_KINDS.map((kind) => ({ id: kind, label: ENTRY_FLAG_LABELS[kind] }))]

function DecisionBadge({ decision }: { decision: Decision | null }) {
  if (decision === 'exclude') return <Badge tone="danger">Excluded</Badge>
  if (decision === 'keep') return <Badge tone="success">Kept</Badge>
  return <Badge tone="warning">Not decided</Badge>
}

/**
 * /promotions/entries/{promotionId}/screening/ (issue 27): the flagged groups of a promotion's
 * entries, each explained, the promoter's exclude/keep decisions with a reason, and the freeze of
 * the entries into the draw.
 */
export function ScreeningScreen() {
  const promotionId = Number(useParams().id)
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const [kind, setKind] = useState<FlagKind | ''>('')
  const [undecided, setUndecided] = useState(false)
  const [notice, setNotice] = useState('')
  const [target, setTarget] = useState<Target | null>(null)
  const [confirmFreeze, setConfirmFreeze] = useState(false)
  const [frozen, setFrozen] = useState<FreezeAnswer | null>(null)
  const screening = useQuery({
    queryKey: [...screeningKey(promotionId), page, kind, undecided],
    queryFn: () => getScreening(promotionId, page, kind, undecided),
    placeholderData: keepPreviousData,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: screeningKey(promotionId) })
  const rescreen = useMutation({ mutationFn: () => screenAgain(promotionId), onSuccess: refresh })
  const freezing = useMutation({
    mutationFn: () => freeze(promotionId),
    onSuccess: (answer) => {
      setNotice('')
      setFrozen(answer)
      setConfirmFreeze(false)
      return refresh()
    },
  })

  const data = screening.data
  return (
    <AppLayout title="Entry screening">
      <div className="screening">
        <nav aria-label="Breadcrumb" className="screening__crumbs">
          <Link to={`/promotions/edit/${promotionId}/`}>Promotion</Link>
          <Link to={`/promotions/entries/${promotionId}/`}>Entries</Link>
          <Link to={`/promotions/draw/${promotionId}/`}>Random draw</Link>
        </nav>
        <div>
          <h1>Entry screening</h1>
          <p>
            Screening looks for entries with the same e-mail address, phone number, or name and postcode; many entries from one network address or device within
            a minute; and disposable e-mail addresses. Nothing is left out of the draw until you decide: exclude or keep each group, with the reason.
          </p>
        </div>
        {!data ? (
          screening.error ? (
            <Alert tone="danger" live>
              {messageOf(screening.error)}
            </Alert>
          ) : (
            <p role="status">Loading…</p>
          )
        ) : (
          <>
            <section aria-labelledby="screening-counts" className="screening__panel">
              <h2 id="screening-counts">Entries</h2>
              <dl className="screening__counts">
                <Count label="Entries" value={data.counts.total} />
                <Count label="Flagged" value={data.counts.flagged} />
                <Count label="Not decided" value={data.counts.undecided} />
                <Count label="Excluded" value={data.counts.excluded} />
                <Count label="Kept" value={data.counts.kept} />
              </dl>
              <p className="screening__meta">{data.screenedAt ? `Last screened ${formatDateTime(data.screenedAt)}.` : 'Not screened yet.'}</p>
              {data.frozen ? (
                <Alert tone="info">The entries are frozen into the draw: decisions can no longer change.</Alert>
              ) : (
                <div className="screening__actions">
                  <Button variant="secondary" isDisabled={rescreen.isPending} onPress={() => rescreen.mutate()}>
                    Screen the entries again
                  </Button>
                </div>
              )}
              {rescreen.error ? (
                <Alert tone="danger" live>
                  {messageOf(rescreen.error)}
                </Alert>
              ) : null}
            </section>

            <section aria-labelledby="screening-groups" className="screening__groups">
              <h2 id="screening-groups">Flagged groups ({number(data.groupCount)})</h2>
              <div className="screening__filters">
                <Select
                  label="Show"
                  options={KIND_OPTIONS}
                  value={kind}
                  onChange={(value) => {
                    setKind(value as FlagKind | '')
                    setPage(1)
                  }}
                />
                <Checkbox
                  isSelected={undecided}
                  onChange={(value) => {
                    setUndecided(value)
                    setPage(1)
                  }}
                >
                  Only groups with entries not decided
                </Checkbox>
              </div>
              {notice ? (
                <Alert tone="success" live>
                  {notice}
                </Alert>
              ) : null}
              {data.groups.length === 0 ? <p>No flagged entries{kind || undecided ? ' match these choices' : ''}.</p> : null}
              {data.groups.map((group) => (
                <GroupPanel key={group.group} group={group} frozen={data.frozen} onDecide={setTarget} />
              ))}
              <Pager page={data.page - 1} pageCount={data.pageCount} onPageChange={(p) => setPage(p + 1)} label="Pages of flagged groups" />
            </section>

            <section aria-labelledby="screening-freeze" className="screening__panel">
              <h2 id="screening-freeze">Freeze the entries into the draw</h2>
              {frozen ? (
                <Alert tone="success" live>
                  {msgFreezeDone(frozen.entryCount)} <a href={`/draws/${frozen.publicId}/`}>Public record of the draw</a>
                </Alert>
              ) : data.frozen ? (
                <p>
                  The entries went into the draw. <Link to={`/promotions/draw/${promotionId}/`}>See the draw</Link>
                </p>
              ) : (
                <>
                  <p>
                    At the close, every entry not excluded goes into the promotion&rsquo;s draw and the draw is committed. You can freeze them now instead. The
                    public record says how many entries were excluded and why.
                  </p>
                  {data.counts.undecided > 0 ? <Alert tone="warning">{msgFreezeUndecided(data.counts.undecided)}</Alert> : null}
                  <div className="screening__actions">
                    <Button variant="primary" onPress={() => setConfirmFreeze(true)}>
                      Freeze the entries
                    </Button>
                  </div>
                </>
              )}
            </section>
          </>
        )}
      </div>
      {target ? (
        <DecideDialog
          promotionId={promotionId}
          target={target}
          onClose={() => setTarget(null)}
          onDone={(decided, decision) => {
            setTarget(null)
            setNotice(msgScreeningDecided(decided, decision))
            void refresh()
          }}
        />
      ) : null}
      <Modal
        isOpen={confirmFreeze}
        title="Freeze the entries"
        onClose={() => setConfirmFreeze(false)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setConfirmFreeze(false)}>
              Cancel
            </Button>
            <Button variant="primary" isDisabled={freezing.isPending} onPress={() => freezing.mutate()}>
              Freeze and commit
            </Button>
          </>
        }
      >
        <p>{MSG_FREEZE_CONFIRM}</p>
        {freezing.error ? (
          <Alert tone="danger" live>
            {messageOf(freezing.error)}
          </Alert>
        ) : null}
      </Modal>
    </AppLayout>
  )
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{number(value)}</dd>
    </div>
  )
}

function GroupPanel({ group, frozen, onDecide }: { group: FlaggedGroup; frozen: boolean; onDecide: (target: Target) => void }) {
  const duplicate = group.kind.startsWith('duplicate-')
  const titleId = `group-${group.group.replace(/[^a-z0-9]/gi, '-')}`
  const columns: TableColumn<ScreenedEntry>[] = [
    {
      id: 'entry',
      label: 'Entry',
      isRowHeader: true,
      render: (e) => (
        <>
          {number(e.entryNumber)}
          {e.original ? <span className="screening__first"> (first)</span> : null}
        </>
      ),
    },
    { id: 'received', label: 'Received', render: (e) => formatDateTime(e.receivedAt) },
    { id: 'entrant', label: 'Entrant', render: (e) => [e.name, e.email, e.phone].filter(Boolean).join(', ') || '—' },
    { id: 'where', label: 'Postcode', render: (e) => [e.postcode, e.state].filter(Boolean).join(' ') || '—' },
    {
      id: 'decision',
      label: 'Decision',
      render: (e) => (
        <span className="screening__decision">
          <DecisionBadge decision={e.decision} />
          {e.decisionReason ? (
            <small>
              {e.decisionReason}
              {e.decisionClause ? ` (clause ${e.decisionClause})` : ''}
            </small>
          ) : null}
        </span>
      ),
    },
    ...(frozen
      ? []
      : [
          {
            id: 'action',
            label: 'Change',
            render: (e: ScreenedEntry) => (
              <Button
                variant="secondary"
                onPress={() => onDecide({ group, entry: e, decision: e.decision === 'exclude' ? 'keep' : 'exclude' })}
                aria-label={`${e.decision === 'exclude' ? 'Keep' : 'Exclude'} entry ${e.entryNumber}`}
              >
                {e.decision === 'exclude' ? 'Keep' : 'Exclude'}
              </Button>
            ),
          } satisfies TableColumn<ScreenedEntry>,
        ]),
  ]
  return (
    <article className="screening__group" aria-labelledby={titleId}>
      <header className="screening__group-head">
        <h3 id={titleId}>{group.label}</h3>
        <span className="screening__group-meta">
          {number(group.size)} {group.size === 1 ? 'entry' : 'entries'} · {number(group.undecided)} not decided
        </span>
      </header>
      <p>{group.explanation}</p>
      <SortableTable label={`${group.label}: entries`} columns={columns} rows={group.entries} rowKey={(e) => e.entryNumber} scrollable stacked />
      {group.more > 0 ? (
        <p className="screening__meta">
          And {number(group.more)} more {group.more === 1 ? 'entry' : 'entries'}: a group decision covers them too.
        </p>
      ) : null}
      {frozen ? null : (
        <div className="screening__actions">
          <Button variant="primary" onPress={() => onDecide({ group, decision: 'exclude' })}>
            {duplicate ? 'Exclude the later entries' : 'Exclude the group'}
          </Button>
          <Button variant="secondary" onPress={() => onDecide({ group, decision: 'keep' })}>
            Keep the group
          </Button>
        </div>
      )}
    </article>
  )
}

function DecideDialog({
  promotionId,
  target,
  onClose,
  onDone,
}: {
  promotionId: number
  target: Target
  onClose: () => void
  onDone: (decided: number, decision: Decision) => void
}) {
  const [reason, setReason] = useState('')
  const [clause, setClause] = useState('')
  const [errors, setErrors] = useState<{ reason?: string; clause?: string; form?: string }>({})
  const mutation = useMutation({ mutationFn: decide })
  const { group, entry, decision } = target
  const what: ReactNode = entry
    ? `entry ${number(entry.entryNumber)}`
    : group.kind.startsWith('duplicate-') && decision === 'exclude'
      ? `the later ${number(group.size - 1)} ${group.size - 1 === 1 ? 'entry' : 'entries'} of this group (the first stays in)`
      : `all ${number(group.size)} ${group.size === 1 ? 'entry' : 'entries'} of this group`
  const submit = async () => {
    const local = {
      reason: reason.trim() ? undefined : MSG_SCREENING_DECISION_REASON_REQUIRED,
      clause: clause.trim().length > 20 ? MSG_SCREENING_CLAUSE_INVALID : undefined,
    }
    if (local.reason || local.clause) return setErrors(local)
    try {
      const answer = await mutation.mutateAsync({
        promotionId,
        decision,
        reason: reason.trim(),
        clause: clause.trim() || undefined,
        ...(entry ? { entryNumbers: [entry.entryNumber] } : { group: group.group }),
      })
      onDone(answer.decided, decision)
    } catch (error) {
      const modelState = error instanceof ApiError ? error.modelState : undefined
      setErrors({
        reason: modelState?.reason?.[0],
        clause: modelState?.clause?.[0],
        form: modelState?.reason || modelState?.clause ? undefined : messageOf(error),
      })
    }
  }
  return (
    <Modal
      isOpen
      title={decision === 'exclude' ? 'Exclude from the draw' : 'Keep in the draw'}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button variant="primary" isDisabled={mutation.isPending} onPress={() => void submit()}>
            {decision === 'exclude' ? 'Exclude' : 'Keep'}
          </Button>
        </>
      }
    >
      <p>
        {decision === 'exclude' ? 'Exclude' : 'Keep'} {what}. {group.explanation}
      </p>
      <TextField
        label="Reason"
        description="Kept beside the entries and in the promotion’s history."
        value={reason}
        onChange={setReason}
        errorMessage={errors.reason}
        isRequired
        multiline
        rows={3}
        announceError
      />
      {decision === 'exclude' ? (
        <TextField
          label="T&C clause (optional)"
          description="The public record says the entries were excluded under this clause, for example 7."
          value={clause}
          onChange={setClause}
          errorMessage={errors.clause}
          announceError
        />
      ) : null}
      {errors.form ? (
        <Alert tone="danger" live>
          {errors.form}
        </Alert>
      ) : null}
    </Modal>
  )
}
