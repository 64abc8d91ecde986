import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { formatCurrency, MSG_DRAW_PRIZE_VALUES, parseDollarsText, toDollars, wireDollarsToCents } from '@permitdesk/shared'
import { AppLayout } from '../../../components/layouts/app-layout'
import { ApiError } from '../../../lib/api-client'
import { commitDraw, createDraw, listDraws, redrawDraw, runDraw, uploadEntries, type Draw, type Selection } from '../api/draws'

const messageOf = (error: unknown) => (error instanceof ApiError ? error.messages.join(' ') : String(error))

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
    <span className="draw-prize-values">
      <label>
        Prize values <textarea name="prizeValues" rows={3} aria-describedby={hint} />
      </label>{' '}
      <small id={hint}>Optional: one amount in dollars per line, prize 1 first. The ACT winner publication lists the prizes of $1,000 or more.</small>
    </span>
  )
}

/** /promotions/draw/{promotionId}/ (issue 15): the owner runs the promotion's electronic draws. */
export function DrawScreen() {
  const promotionId = Number(useParams().id)
  const [draws, setDraws] = useState<Draw[] | null>(null)
  const [error, setError] = useState('')
  const reload = useCallback(() => listDraws(promotionId).then(setDraws, (e: unknown) => setError(messageOf(e))), [promotionId])
  useEffect(() => {
    void reload()
  }, [reload])

  if (!draws) return <AppLayout title="Random draw">{error ? <p className="form-error" role="alert">{error}</p> : <p role="status">Loading…</p>}</AppLayout>
  return (
    <AppLayout title="Random draw">
      <nav aria-label="Breadcrumb"><Link to={`/promotions/edit/${promotionId}/`}>Promotion</Link></nav>
      <h1>Random draw</h1>
      <p>Each draw is committed before it runs: the entries hash and the seed hash are published first, so anyone can check the result afterwards.</p>
      {error && <p className="form-error" role="alert">{error}</p>}
      {draws.map((draw) => <DrawPanel key={draw.id} draw={draw} onChange={reload} />)}
      <NewDrawForm promotionId={promotionId} onCreated={reload} />
    </AppLayout>
  )
}

function NewDrawForm({ promotionId, onCreated }: { promotionId: number; onCreated: () => void }) {
  const [error, setError] = useState('')
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const number = (name: string) => (data.get(name) === '' ? undefined : Number(data.get(name)))
    const prizeValues = prizeValuesOf(String(data.get('prizeValues') ?? ''))
    if (typeof prizeValues === 'string') return setError(prizeValues)
    try {
      await createDraw({ promotionId, title: String(data.get('title') || '') || undefined, winners: number('winners'), reserves: number('reserves'), maskRule: String(data.get('maskRule')), prizeValues: prizeValues.length ? prizeValues : undefined })
      setError('')
      onCreated()
    } catch (e) {
      setError(messageOf(e))
    }
  }
  return (
    <form onSubmit={submit} className="draw-new" aria-labelledby="new-draw-title">
      <h2 id="new-draw-title">New draw</h2>
      <p>Leave the numbers empty to use the prize count of the application.</p>
      <label>Title <input name="title" maxLength={200} /></label>{' '}
      <label>Winners <input name="winners" type="number" min={1} /></label>{' '}
      <label>Reserves <input name="reserves" type="number" min={0} /></label>{' '}
      <label>
        Public record shows{' '}
        <select name="maskRule" defaultValue="standard">
          <option value="standard">masked e-mails and initials</option>
          <option value="initialsPostcode">initials and postcode (SA)</option>
          <option value="hidden">entry numbers only</option>
        </select>
      </label>{' '}
      <PrizeValuesField />{' '}
      <button type="submit">Create draw</button>
      {error && <p className="form-error" role="alert">{error}</p>}
    </form>
  )
}

function SelectionTable({ caption, rows }: { caption: string; rows: Selection[] }) {
  if (rows.length === 0) return null
  return (
    <table>
      <caption>{caption}</caption>
      <thead><tr><th>Position</th><th>Entry index</th><th>Entry</th></tr></thead>
      <tbody>{rows.map((r) => <tr key={r.position}><td>{r.position}</td><td>{r.entryIndex}</td><td>{r.entry}</td></tr>)}</tbody>
    </table>
  )
}

function DrawPanel({ draw, onChange }: { draw: Draw; onChange: () => void }) {
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true)
    setError('')
    try {
      await work()
      onChange()
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  const upload = (file: File) =>
    act(async () => {
      setProgress(0)
      try {
        await uploadEntries(draw.id, file, setProgress)
      } finally {
        setProgress(null)
      }
    })
  const run = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const name = String(new FormData(event.currentTarget).get('scrutineerName') || '')
    void act(() => runDraw(draw.id, name || undefined))
  }
  const redraw = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const prizeValues = prizeValuesOf(String(data.get('prizeValues') ?? ''))
    if (typeof prizeValues === 'string') return setError(prizeValues)
    void act(() => redrawDraw({ id: draw.id, winners: Number(data.get('winners')), reserves: Number(data.get('reserves') || 0), prizeValues: prizeValues.length ? prizeValues : undefined }))
  }
  return (
    <section className="draw-panel" aria-label={draw.title} data-status={draw.status}>
      <h2>{draw.title}</h2>
      <p>
        Status: <strong data-testid="draw-status">{draw.status}</strong> · {draw.winnersCount} {draw.winnersCount === 1 ? 'winner' : 'winners'}, {draw.reservesCount} reserves
        {draw.drawDate && ` · scheduled ${draw.drawDate}${draw.drawTime ? ` ${draw.drawTime}` : ''}`} · <a href={draw.publicUrl}>Public record</a>
        {draw.committedAt && <> · <a href={draw.certificateUrl}>Certificate (PDF)</a></>}
      </p>
      {draw.prizeValues.length > 0 && (
        <p data-testid="prize-values">Prize values: {draw.prizeValues.map((v, i) => `${i + 1}: ${v === null ? 'not given' : formatCurrency(wireDollarsToCents(v))}`).join(' · ')}</p>
      )}
      {draw.entryCount !== null && (
        <p>
          Entries: <strong data-testid="entry-count">{draw.entryCount.toLocaleString('en-AU')}</strong>
          {draw.sourceFileName && ` from ${draw.sourceFileName}`} · entries hash <code>{draw.entriesHash}</code>
          {draw.entriesUrl && <> · <a href={draw.entriesUrl}>download</a></>}
        </p>
      )}
      {!draw.committedAt && !draw.parentId && (
        <p>
          <label>
            {draw.entryCount === null ? 'Upload the entries (CSV or XLSX with a header row)' : 'Replace the entries'}{' '}
            <input type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" disabled={busy} onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
          </label>
        </p>
      )}
      {progress !== null && (
        <p>
          <progress value={progress} max={1} aria-label="Upload progress" /> <span data-testid="upload-percent">{Math.round(progress * 100)}%</span>
        </p>
      )}
      {draw.entryCount !== null && !draw.committedAt && (
        <p>
          <button type="button" disabled={busy} onClick={() => void act(() => commitDraw(draw.id))}>Commit the entries</button> The entries freeze and the seed is drawn; the commit is e-mailed to you.
        </p>
      )}
      {draw.committedAt && (
        <p>Committed {new Date(draw.committedAt).toLocaleString('en-AU')} · seed hash <code>{draw.seedHash}</code></p>
      )}
      {draw.status === 'committed' && (
        <form onSubmit={run}>
          {draw.scrutineerRequired && <label>Scrutineer <input name="scrutineerName" defaultValue={draw.scrutineerName ?? ''} required /></label>}{' '}
          <button type="submit" disabled={busy}>Run the draw</button>
        </form>
      )}
      {draw.status === 'run' && (
        <>
          <p>Run {new Date(draw.ranAt!).toLocaleString('en-AU')} · seed <code data-testid="seed">{draw.seed}</code></p>
          <SelectionTable caption="Winners" rows={draw.winners} />
          <SelectionTable caption="Reserves" rows={draw.reserves} />
          <form onSubmit={redraw} aria-label="Redraw">
            <label>Redraw winners <input name="winners" type="number" min={1} defaultValue={1} required /></label>{' '}
            <label>reserves <input name="reserves" type="number" min={0} defaultValue={0} /></label>{' '}
            <PrizeValuesField />{' '}
            <button type="submit" disabled={busy}>Redraw (unclaimed prizes)</button>
          </form>
        </>
      )}
      {error && <p className="form-error" role="alert">{error}</p>}
    </section>
  )
}
