import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  formatCurrency,
  formatDateTime,
  maskEntry,
  maskText,
  MSG_DRAW_CONFIRM_CANCEL,
  MSG_DRAW_CONFIRM_COMMIT,
  MSG_DRAW_CONFIRM_RUN,
  MSG_DRAW_RUN_WAITS_FOR_PAYMENT,
  MSG_DRAW_PRIZE_VALUES,
  parseCanonicalRow,
  parseDollarsText,
  toDollars,
  wireDollarsToCents,
  type MaskRule,
} from '@permitdesk/shared'
import { AppLayout } from '../../../components/layouts/app-layout'
import { Alert, Badge, Button, CopyButton, Modal } from '../../../components/ui'
import { ApiError } from '../../../lib/api-client'
import { useSession } from '../../../lib/session'
import { ServicePaymentNotice, serviceWaits, useServicePayment } from '../../../components/service-payment-notice'
import { cancelDraw, commitDraw, createDraw, listDraws, type CreateDrawBody, redrawDraw, runDraw, uploadEntries, type Draw, type Selection } from '../api/draws'
import { DrawWhenFields } from './draw-when-fields'
import './draw-screen.css'

const messageOf = (error: unknown) => (error instanceof ApiError ? error.messages.join(' ') : String(error))
const drawsKey = (promotionId: number) => ['draws', promotionId] as const

/**
 * The prize values box: one amount in dollars per line, position 1 first; an empty line is a
 * prize whose value is not given. Dollars on the wire (null for an empty line), or an error.
 */
function prizeValuesOf(text: string): (number | null)[] | string {
  const lines = text.split('\n').map((line) => line.trim())
  while (lines.length && lines[lines.length - 1] === '') lines.pop()
  const values: (number | null)[] = []
  for (const line of lines) {
    if (line === '') {
      values.push(null)
      continue
    }
    const cents = parseDollarsText(line)
    if (cents === null) return MSG_DRAW_PRIZE_VALUES
    values.push(toDollars(cents))
  }
  return values
}

function PrizeValuesField() {
  const hint = useId()
  return (
    <label className="draw-form__wide">
      <span className="ui-field__label">Prize values</span>
      <textarea className="ui-input" name="prizeValues" rows={3} aria-describedby={hint} />
      <small id={hint}>Optional: one amount in dollars per line, prize 1 first. The ACT winner publication lists the prizes of $1,000 or more.</small>
    </label>
  )
}

const STATUS_WORDS: Record<Draw['status'], { label: string; tone: 'default' | 'info' | 'warning' | 'success' | 'danger' }> = {
  created: { label: 'Waiting for entries', tone: 'default' },
  uploaded: { label: 'Entries uploaded', tone: 'info' },
  committed: { label: 'Committed', tone: 'warning' },
  run: { label: 'Drawn', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
}

/** /promotions/draw/{promotionId}/ (issues 15 and 23): the owner runs the promotion's electronic draws, step by step. */
export function DrawScreen() {
  const promotionId = Number(useParams().id)
  const draws = useQuery({ queryKey: drawsKey(promotionId), queryFn: () => listDraws(promotionId) })

  if (!draws.data)
    return (
      <AppLayout title="Random draw">
        {draws.error ? (
          <Alert tone="danger" live>
            {messageOf(draws.error)}
          </Alert>
        ) : (
          <p role="status">Loading…</p>
        )}
      </AppLayout>
    )
  return (
    <AppLayout title="Random draw">
      <div className="draw-screen">
        <nav aria-label="Breadcrumb">
          <Link to={`/promotions/edit/${promotionId}/`}>Promotion</Link>
        </nav>
        <div>
          <h1>Random draw</h1>
          <p>
            Each draw goes through four steps: create it, upload the entries, commit them, and run it at its scheduled time. The commit publishes the entries
            hash and the seed hash first, so anyone can check the result afterwards.
          </p>
        </div>
        <ServicePaymentNotice promotionId={promotionId} service="draw" />
        {draws.data.map((draw) => (
          <DrawPanel key={draw.id} draw={draw} promotionId={promotionId} />
        ))}
        <NewDrawForm promotionId={promotionId} />
      </div>
    </AppLayout>
  )
}

function NewDrawForm({ promotionId }: { promotionId: number }) {
  const queryClient = useQueryClient()
  const [error, setError] = useState('')
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})
  const [created, setCreated] = useState('')
  const [runDate, setRunDate] = useState<string | null>(null)
  const [runTime, setRunTime] = useState<string | null>(null)
  const create = useMutation({ mutationFn: createDraw, onSuccess: () => queryClient.invalidateQueries({ queryKey: drawsKey(promotionId) }) })
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined
    const number = (name: string) => (text(name) === undefined ? undefined : Number(text(name)))
    const prizeValues = prizeValuesOf(String(data.get('prizeValues') ?? ''))
    if (typeof prizeValues === 'string') return setError(prizeValues)
    try {
      const title = text('title')
      await create.mutateAsync({
        promotionId,
        title,
        winners: number('winners'),
        reserves: number('reserves'),
        maskRule: String(data.get('maskRule')) as CreateDrawBody['maskRule'],
        prizeValues: prizeValues.length ? prizeValues : undefined,
        runDate: runDate ?? undefined,
        runTime: runTime ?? undefined,
      })
      setError('')
      setFieldErrors({})
      setCreated(`Draw created${title ? `: ${title}` : ''}. Upload its entries next.`)
      // A fresh form for the next draw (issue 23: it kept the old values).
      form.reset()
      setRunDate(null)
      setRunTime(null)
    } catch (e) {
      setCreated('')
      setError(messageOf(e))
      setFieldErrors(e instanceof ApiError && e.modelState ? e.modelState : {})
    }
  }
  return (
    <section className="draw-panel" aria-labelledby="new-draw-title">
      <h2 id="new-draw-title">New draw</h2>
      <p>
        Leave the numbers empty to use the prize count of the application. The draw runs at the application’s final draw time; give a time only when the
        application has none.
      </p>
      <form onSubmit={submit} className="draw-form">
        <label className="draw-form__wide">
          <span className="ui-field__label">Title</span>
          <input className="ui-input" name="title" maxLength={200} />
        </label>
        <label>
          <span className="ui-field__label">Winners</span>
          <input className="ui-input" name="winners" type="number" min={1} inputMode="numeric" />
        </label>
        <label>
          <span className="ui-field__label">Reserves</span>
          <input className="ui-input" name="reserves" type="number" min={0} inputMode="numeric" />
        </label>
        <label>
          <span className="ui-field__label">Public record shows</span>
          <select className="ui-input" name="maskRule" defaultValue="standard">
            <option value="standard">entry IDs, initials, masked e-mails</option>
            <option value="initialsPostcode">initials and postcode (SA)</option>
            <option value="hidden">entry numbers only</option>
          </select>
        </label>
        <DrawWhenFields date={runDate} time={runTime} onDate={setRunDate} onTime={setRunTime} errors={fieldErrors} />
        <PrizeValuesField />
        <div className="draw-actions draw-form__wide">
          <Button type="submit" isDisabled={create.isPending}>
            Create draw
          </Button>
        </div>
      </form>
      {created && (
        <Alert tone="success" live>
          {created}
        </Alert>
      )}
      {error && (
        <Alert tone="danger" live>
          {error}
        </Alert>
      )}
    </section>
  )
}

/** A hash or seed that wraps on a phone, with a button to copy it whole. */
function HashValue({ value, testId }: { value: string; testId?: string }) {
  return (
    <span className="draw-hash">
      <code data-testid={testId}>{value}</code>
      <CopyButton value={value} variant="link" />
    </span>
  )
}

/** Winners as the owner needs them: entry ID and masked name, not raw rows. */
function SelectionTable({ caption, rows, draw }: { caption: string; rows: Selection[]; draw: Draw }) {
  if (rows.length === 0) return null
  const header = draw.header ?? []
  const nameAt = header.findIndex((h) => /name/i.test(h))
  const nameOf = (fields: string[]) =>
    nameAt > 0 && fields[nameAt] ? maskText(fields[nameAt]!) : maskEntry(fields.slice(1), (draw.maskRule as MaskRule) ?? 'standard')
  return (
    <div className="ui-table-wrap">
      <table className="ui-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th className="ui-table__column">Prize</th>
            <th className="ui-table__column">Entry ID</th>
            <th className="ui-table__column">Name</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const fields = parseCanonicalRow(r.entry)
            return (
              <tr key={r.position}>
                <td className="ui-table__cell">{r.position}</td>
                <td className="ui-table__cell">{fields[0]}</td>
                <td className="ui-table__cell">{nameOf(fields)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

type StepState = 'done' | 'current' | 'todo'

function Steps({ draw }: { draw: Draw }) {
  const at = { created: 1, uploaded: 2, committed: 3, run: 4, cancelled: -1 }[draw.status]
  const state = (n: number): StepState => (draw.status === 'run' || n < at ? 'done' : n === at ? 'current' : 'todo')
  const step = (n: number, label: string, note: ReactNode) => (
    <li data-state={state(n)} aria-current={state(n) === 'current' ? 'step' : undefined}>
      {label}
      <small>{note}</small>
    </li>
  )
  if (draw.status === 'cancelled') return null
  return (
    <ol className="draw-steps" aria-label="Steps">
      {step(1, 'Create', 'done')}
      {step(2, 'Upload entries', draw.entryCount === null ? 'to do' : `${draw.entryCount.toLocaleString('en-AU')} entries`)}
      {step(3, 'Commit', draw.committedAt ? formatDateTime(draw.committedAt) : 'to do')}
      {step(4, 'Run', draw.ranAt ? formatDateTime(draw.ranAt) : draw.scheduledAt ? `from ${formatDateTime(draw.scheduledAt)}` : 'to do')}
    </ol>
  )
}

type Confirm = 'commit' | 'run' | 'cancel' | null

function DrawPanel({ draw, promotionId }: { draw: Draw; promotionId: number }) {
  const queryClient = useQueryClient()
  const { user } = useSession()
  // The session's `agent` flag is the staff flag (000 §7 login answer).
  const isStaff = user?.agent === true
  const waitsForPayment = serviceWaits(useServicePayment(promotionId, 'draw')) // issue 22
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState('')
  const [confirm, setConfirm] = useState<Confirm>(null)
  const scrutineer = useRef<HTMLInputElement>(null)
  const reason = useRef<HTMLTextAreaElement>(null)
  const cancelReason = useRef<HTMLTextAreaElement>(null)
  const action = useMutation({
    mutationFn: (work: () => Promise<unknown>) => work(),
    onSuccess: () => {
      setError('')
      setConfirm(null)
    },
    // A refusal is shown where it was asked: in the open dialog, else on the panel.
    onError: (e) => setError(messageOf(e)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: drawsKey(promotionId) }),
  })
  const busy = action.isPending
  const ask = (what: Confirm) => {
    setError('')
    setConfirm(what)
  }
  const dialogError = error ? (
    <Alert tone="danger" live>
      {error}
    </Alert>
  ) : null
  const early = draw.scheduledAt !== null && Date.parse(draw.scheduledAt) > Date.now()
  const upload = (file: File) =>
    action.mutate(async () => {
      setProgress(0)
      try {
        await uploadEntries(draw.id, file, setProgress)
      } finally {
        setProgress(null)
      }
    })
  const redraw = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const prizeValues = prizeValuesOf(String(data.get('prizeValues') ?? ''))
    if (typeof prizeValues === 'string') return setError(prizeValues)
    action.mutate(() =>
      redrawDraw({
        id: draw.id,
        winners: Number(data.get('winners')),
        reserves: Number(data.get('reserves') || 0),
        prizeValues: prizeValues.length ? prizeValues : undefined,
      }),
    )
  }
  const words = STATUS_WORDS[draw.status]
  return (
    <section className="draw-panel" aria-label={draw.title} data-status={draw.status}>
      <h2>{draw.title}</h2>
      <p className="draw-panel__meta">
        <Badge tone={words.tone}>
          <span data-testid="draw-status" data-status={draw.status}>
            {words.label}
          </span>
        </Badge>
        <span>
          {draw.winnersCount} {draw.winnersCount === 1 ? 'winner' : 'winners'}, {draw.reservesCount} {draw.reservesCount === 1 ? 'reserve' : 'reserves'}
        </span>
        <a href={draw.publicUrl}>Public record</a>
        {draw.winnersUrl && <a href={draw.winnersUrl}>Winners page</a>}
        {draw.committedAt && <a href={draw.certificateUrl}>Certificate (PDF)</a>}
      </p>
      <Steps draw={draw} />
      {draw.status === 'cancelled' && (
        <Alert tone="warning">
          Cancelled {formatDateTime(draw.cancelledAt)}: {draw.cancelReason}
        </Alert>
      )}
      {draw.prizeValues.length > 0 && (
        <p data-testid="prize-values">
          Prize values: {draw.prizeValues.map((v, i) => `${i + 1}: ${v === null ? 'not given' : formatCurrency(wireDollarsToCents(v))}`).join(' · ')}
        </p>
      )}
      <dl className="draw-facts">
        <dt>Scheduled</dt>
        <dd>{draw.scheduledAt ? formatDateTime(draw.scheduledAt) : 'not set'}</dd>
        {draw.entryCount !== null && (
          <>
            <dt>Entries</dt>
            <dd>
              <strong data-testid="entry-count">{draw.entryCount.toLocaleString('en-AU')}</strong>
              {draw.sourceFileName && ` from ${draw.sourceFileName}`}
              {draw.entriesUrl && (
                <>
                  {' · '}
                  <a href={draw.entriesUrl}>download</a>
                </>
              )}
            </dd>
            <dt>Entries hash</dt>
            <dd>
              <HashValue value={draw.entriesHash ?? ''} />
            </dd>
          </>
        )}
        {draw.entriesRoot && (
          <>
            <dt>Entries root</dt>
            <dd>
              <HashValue value={draw.entriesRoot} />
            </dd>
          </>
        )}
        {draw.seedHash && (
          <>
            <dt>Seed hash</dt>
            <dd>
              <HashValue value={draw.seedHash} />
            </dd>
          </>
        )}
        {draw.seed && (
          <>
            <dt>Seed</dt>
            <dd>
              <HashValue value={draw.seed} testId="seed" />
            </dd>
          </>
        )}
        {draw.earlyRunReason && (
          <>
            <dt>Run early because</dt>
            <dd>{draw.earlyRunReason}</dd>
          </>
        )}
      </dl>
      {!draw.committedAt && !draw.parentId && draw.status !== 'cancelled' && (
        <label>
          <span className="ui-field__label">{draw.entryCount === null ? 'Upload the entries (CSV or XLSX with a header row)' : 'Replace the entries'}</span>
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy}
            onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])}
          />
        </label>
      )}
      {progress !== null && (
        <p>
          <progress value={progress} max={1} aria-label="Upload progress" /> <span data-testid="upload-percent">{Math.round(progress * 100)}%</span>
        </p>
      )}
      <div className="draw-actions">
        {draw.status === 'uploaded' && (
          <Button isDisabled={busy} onPress={() => ask('commit')}>
            Commit the entries
          </Button>
        )}
        {draw.status === 'committed' && (
          <Button isDisabled={busy || (early && !isStaff) || waitsForPayment} onPress={() => ask('run')}>
            Run the draw
          </Button>
        )}
        {(draw.status === 'created' || draw.status === 'uploaded' || draw.status === 'committed') && (
          <Button variant="secondary" isDisabled={busy} onPress={() => ask('cancel')}>
            Cancel the draw
          </Button>
        )}
      </div>
      {draw.status === 'committed' && waitsForPayment && <p data-testid="draw-run-waits">{MSG_DRAW_RUN_WAITS_FOR_PAYMENT}</p>}
      {draw.status === 'committed' && early && !isStaff && <p>This draw can be run from {formatDateTime(draw.scheduledAt)}, its scheduled time.</p>}
      {draw.status === 'run' && (
        <>
          <SelectionTable caption="Winners" rows={draw.winners} draw={draw} />
          <SelectionTable caption="Reserves" rows={draw.reserves} draw={draw} />
          <form onSubmit={redraw} aria-label="Redraw" className="draw-form">
            <label>
              <span className="ui-field__label">Redraw winners</span>
              <input className="ui-input" name="winners" type="number" min={1} defaultValue={1} required />
            </label>
            <label>
              <span className="ui-field__label">Redraw reserves</span>
              <input className="ui-input" name="reserves" type="number" min={0} defaultValue={0} />
            </label>
            <PrizeValuesField />
            <div className="draw-actions draw-form__wide">
              <Button type="submit" variant="secondary" isDisabled={busy}>
                Redraw (unclaimed prizes)
              </Button>
            </div>
          </form>
        </>
      )}
      {error && confirm === null && (
        <Alert tone="danger" live>
          {error}
        </Alert>
      )}

      <Modal
        isOpen={confirm === 'commit'}
        title={`Commit “${draw.title}”?`}
        onClose={() => setConfirm(null)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setConfirm(null)}>
              Not now
            </Button>
            <Button isDisabled={busy} onPress={() => action.mutate(() => commitDraw(draw.id))}>
              Commit
            </Button>
          </>
        }
      >
        <p>{MSG_DRAW_CONFIRM_COMMIT}</p>
        {dialogError}
      </Modal>
      <Modal
        isOpen={confirm === 'run'}
        title={`Run “${draw.title}”?`}
        onClose={() => setConfirm(null)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setConfirm(null)}>
              Not now
            </Button>
            <Button
              isDisabled={busy}
              onPress={() => action.mutate(() => runDraw(draw.id, scrutineer.current?.value.trim() || undefined, reason.current?.value.trim() || undefined))}
            >
              Run
            </Button>
          </>
        }
      >
        <p>{MSG_DRAW_CONFIRM_RUN}</p>
        {draw.scrutineerRequired && (
          <label className="ui-field">
            <span className="ui-field__label">Scrutineer</span>
            <input className="ui-input" ref={scrutineer} defaultValue={draw.scrutineerName ?? ''} />
          </label>
        )}
        {early && isStaff && (
          <label className="ui-field">
            <span className="ui-field__label">
              Reason for running before {formatDateTime(draw.scheduledAt)} (shown on the public record and the certificate)
            </span>
            <textarea className="ui-input" ref={reason} rows={3} maxLength={500} />
          </label>
        )}
        {dialogError}
      </Modal>
      <Modal
        isOpen={confirm === 'cancel'}
        title={`Cancel “${draw.title}”?`}
        onClose={() => setConfirm(null)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setConfirm(null)}>
              Keep the draw
            </Button>
            <Button variant="danger" isDisabled={busy} onPress={() => action.mutate(() => cancelDraw(draw.id, cancelReason.current?.value ?? ''))}>
              Cancel the draw
            </Button>
          </>
        }
      >
        <p>{MSG_DRAW_CONFIRM_CANCEL}</p>
        <label className="ui-field">
          <span className="ui-field__label">Reason (shown on the public record)</span>
          <textarea className="ui-input" ref={cancelReason} rows={3} maxLength={500} />
        </label>
        {dialogError}
      </Modal>
    </section>
  )
}
