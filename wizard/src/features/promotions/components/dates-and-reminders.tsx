import { formatDate, type AusStates, type ReminderDateSetting, type ReminderKind } from '@permitdesk/shared'
import { useEffect, useRef, useState } from 'react'
import {
  addEmails,
  createDistributionList,
  deleteDistributionList,
  getCalendarFeed,
  getReminderDateSettings,
  getReminders,
  regenerateCalendarFeed,
  removeEmail,
  resubscribe,
  saveReminders,
  type CalendarFeed,
  type DistributionList,
  type ReminderChoice,
  type RemindersView,
} from '../api/reminders'
import { NativeButton } from '../../../components/ui'
import { PromotionCalendar } from './calendar/promotion-calendar'

/** Reminders that exist for one state's rule only. */
const STATE_OF_REMINDER: Partial<Record<ReminderKind, 'act' | 'sa' | 'nsw'>> = {
  'act-publication': 'act',
  'sa-publication': 'sa',
  'nsw-authority-expiry': 'nsw',
}

const STATUS_TEXT = { scheduled: 'Scheduled', sent: 'Sent', past: 'Date passed', 'no-date': 'Waiting for the date' } as const

type Draft = Record<string, ReminderChoice & { on: boolean }>

/** The reminders save as they change (issue 25): what the promoter sees about it. */
type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; note: string } | { kind: 'error'; message: string }

/** Typing a number of days settles before it is saved; ticks coalesce with it. */
const SAVE_DELAY_MS = 500

function draftOf(settings: ReminderDateSetting[], view: RemindersView): Draft {
  const draft: Draft = {}
  for (const setting of settings) {
    const saved = view.reminders.find((r) => r.kind === setting.kind)
    draft[setting.kind] = saved
      ? { kind: setting.kind, on: true, accountHolder: saved.accountHolder, distributionListIds: saved.distributionListIds, daysBefore: saved.daysBefore }
      : { kind: setting.kind, on: false, accountHolder: true, distributionListIds: [], daysBefore: setting.daysBefore }
  }
  return draft
}

/**
 * The dashboard's calendar, reminders and distribution lists (issues 16 and 25): the one calendar
 * of dates and duties (each date can set its reminder here), the reminders set and to whom, and
 * the calendar file and feed.
 */
export function DatesAndReminders({
  promotionId,
  winnerPublication,
  ausStates,
}: {
  promotionId: number
  winnerPublication: boolean
  /** The promotion's states: a reminder about another state's duty is not offered (a set one stays, to be unticked). */
  ausStates?: AusStates
}) {
  const offered = (kind: ReminderKind) => {
    const state = STATE_OF_REMINDER[kind]
    return !state || !ausStates || ausStates.all || ausStates[state]
  }
  const [settings, setSettings] = useState<ReminderDateSetting[]>([])
  const [view, setView] = useState<RemindersView | null>(null)
  const [draft, setDraft] = useState<Draft>({})
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' })
  const [error, setError] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const pending = useRef<Draft | null>(null)
  // One save at a time, in the order of the changes: the server ends with the latest draft.
  const chain = useRef<Promise<void>>(Promise.resolve())

  const load = async () => {
    const [s, v] = await Promise.all([getReminderDateSettings(), getReminders(promotionId)])
    setSettings(s)
    setView(v)
    setDraft(draftOf(s, v))
  }
  useEffect(() => {
    load().catch((e: Error) => setError(e.message))
  }, [promotionId])

  // Sends the draft as it is; the draft on screen stays the promoter's (a later tick is never undone by an earlier answer).
  const send = async (toSave: Draft) => {
    setSaveState({ kind: 'saving' })
    try {
      const chosen = Object.values(toSave)
        .filter((d) => d.on)
        .map(({ on: _on, ...choice }) => choice)
      const saved = await saveReminders(promotionId, chosen)
      setView(saved)
      const past = saved.reminders.filter((r) => r.status === 'past')
      if (pending.current === null) {
        setSaveState({
          kind: 'saved',
          note: past.length > 0 ? `${past.map((r) => r.label).join(', ')}: the reminder date has passed, so it will not be sent.` : '',
        })
      }
    } catch (e) {
      setSaveState({ kind: 'error', message: (e as Error).message })
    }
  }
  const flush = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const toSave = pending.current
    if (!toSave) return
    pending.current = null
    chain.current = chain.current.then(() => send(toSave))
  }
  // Leaving the dashboard with a change still waiting saves it.
  useEffect(() => () => flush(), [])

  // A list was made, changed or deleted: take the lists (and statuses) from the server, keep the draft.
  const reloadLists = async () => {
    const v = await getReminders(promotionId)
    setView(v)
    const ids = new Set(v.distributionLists.map((l) => l.id))
    setDraft((current) =>
      Object.fromEntries(Object.entries(current).map(([kind, d]) => [kind, { ...d, distributionListIds: d.distributionListIds.filter((id) => ids.has(id)) }])),
    )
  }

  if (error && !view)
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    )
  if (!view) return <p role="status">Loading dates…</p>

  const lists = view.distributionLists

  const update = (kind: ReminderKind, change: Partial<ReminderChoice & { on: boolean }>) => {
    const next = { ...draft, [kind]: { ...draft[kind]!, ...change } }
    setDraft(next)
    pending.current = next
    setSaveState({ kind: 'saving' })
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(flush, SAVE_DELAY_MS)
  }

  // "Set a reminder" on a calendar date: tick it (saved as any tick is) and go to its options.
  const remind = (kind: ReminderKind) => {
    update(kind, { on: true })
    requestAnimationFrame(() => {
      const row = document.getElementById(`reminder-${kind}`)
      row?.scrollIntoView({ block: 'center' })
      row?.querySelector<HTMLInputElement>('input[type="number"]')?.focus()
    })
  }

  return (
    <>
      <PromotionCalendar
        promotionId={promotionId}
        dates={view.dates}
        reminders={view.reminders}
        reminderOn={(kind) => draft[kind]?.on === true}
        onRemind={remind}
        winnerPublication={winnerPublication}
        feed={<CalendarFeedLink />}
      />

      <section className="dates-reminders" aria-labelledby="reminders-title">
        {view.unsubscribed && (
          <p className="notice warning" data-testid="unsubscribed">
            You have unsubscribed from the reminders of this promotion.{' '}
            <button type="button" onClick={() => resubscribe(promotionId).then(load, (e: Error) => setError(e.message))}>
              Receive reminders again
            </button>
          </p>
        )}
        <div className="reminders">
          <div className="reminders__head">
            <h2 id="reminders-title">Reminders</h2>
            <p role="status" aria-live="polite" className={`reminders__state reminders__state--${saveState.kind}`} data-testid="reminders-save-state">
              {saveState.kind === 'saving' ? 'Saving…' : saveState.kind === 'saved' ? 'All changes saved' : ''}
            </p>
          </div>
          <p className="muted">
            Each reminder you tick is saved at once. They are e-mailed at 8:00 am Sydney time on the reminder day, to you and the lists you choose, each with a
            link to stop them.
          </p>
          {saveState.kind === 'error' && (
            <p className="form-error" role="alert">
              Not saved: {saveState.message}{' '}
              <button type="button" className="link" onClick={() => void send(draft)}>
                Try again
              </button>
            </p>
          )}
          {saveState.kind === 'saved' && saveState.note && <p className="notice warning">{saveState.note}</p>}
          <ul className="reminder-list">
            {settings.map((setting) => {
              const d = draft[setting.kind]
              if (!d || (!d.on && !offered(setting.kind))) return null
              const saved = view.reminders.find((r) => r.kind === setting.kind)
              const unit = setting.businessDays ? 'business days' : 'days'
              return (
                <li
                  key={setting.kind}
                  id={`reminder-${setting.kind}`}
                  className={`reminder${d.on ? ' reminder--on' : ''}`}
                  data-testid={`reminder-${setting.kind}`}
                >
                  <label className="reminder__toggle">
                    <input type="checkbox" checked={d.on} onChange={(e) => update(setting.kind, { on: e.target.checked })} /> <span>{setting.label}</span>
                  </label>
                  {saved && d.on && (
                    <p className="reminder__status muted" data-testid={`reminder-status-${setting.kind}`}>
                      {STATUS_TEXT[saved.status]}
                      {saved.reminderDate ? `: ${formatDate(saved.reminderDate)}` : ''}
                      {saved.accountHolder || saved.distributionListIds.length > 0
                        ? ` to ${[...(saved.accountHolder ? ['you'] : []), ...lists.filter((l) => saved.distributionListIds.includes(l.id)).map((l) => l.name)].join(', ')}`
                        : ''}
                      {saved.message ? `. ${saved.message}` : ''}
                    </p>
                  )}
                  {d.on && (
                    <div className="reminder__options" role="group" aria-label={`${setting.label}: when and to whom`}>
                      <label className="reminder__days">
                        <input
                          type="number"
                          min={0}
                          max={365}
                          value={d.daysBefore}
                          onChange={(e) => update(setting.kind, { daysBefore: Number(e.target.value) })}
                          aria-label={`${setting.label}: ${unit} before`}
                        />{' '}
                        {unit} before
                      </label>
                      <span className="reminder__to">to</span>
                      <label>
                        <input type="checkbox" checked={d.accountHolder} onChange={(e) => update(setting.kind, { accountHolder: e.target.checked })} /> Me
                      </label>
                      {lists.map((list) => (
                        <label key={list.id}>
                          <input
                            type="checkbox"
                            checked={d.distributionListIds.includes(list.id)}
                            onChange={(e) =>
                              update(setting.kind, {
                                distributionListIds: e.target.checked
                                  ? [...d.distributionListIds, list.id]
                                  : d.distributionListIds.filter((x) => x !== list.id),
                              })
                            }
                          />{' '}
                          {list.name}
                        </label>
                      ))}
                    </div>
                  )}
                </li>
              )
            })}
          </ul>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </section>

      <DistributionLists lists={lists} onChange={() => reloadLists().catch((e: Error) => setError(e.message))} />
    </>
  )
}

function DistributionLists({ lists, onChange }: { lists: DistributionList[]; onChange: () => void }) {
  const [name, setName] = useState('')
  const [message, setMessage] = useState('')
  const [error, setError] = useState('')
  const run = (action: Promise<unknown>, done = '') =>
    action.then(
      () => (setError(''), setMessage(done), onChange()),
      (e: Error) => (setMessage(''), setError(e.message)),
    )
  return (
    <section className="distribution-lists" aria-labelledby="lists-title">
      <h2 id="lists-title">Distribution lists</h2>
      <p className="muted">Lists belong to your account: use them for the reminders of any promotion.</p>
      {lists.map((list) => (
        <DistributionListEditor
          key={list.id}
          list={list}
          onMessage={(m, isError) => (isError ? (setError(m), setMessage('')) : (setMessage(m), setError('')))}
          onChange={onChange}
          run={run}
        />
      ))}
      <form
        onSubmit={(e) => {
          e.preventDefault()
          run(createDistributionList(name), 'The list is created.').then(() => setName(''))
        }}
      >
        <label>
          New list name <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>{' '}
        {/* Secondary: the one primary button of the dashboard is the task list's next step. */}
        <NativeButton type="submit" variant="secondary">
          Create list
        </NativeButton>
      </form>
      <p role="status" aria-live="polite">
        {message}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}

function DistributionListEditor({
  list,
  onMessage,
  onChange,
  run,
}: {
  list: DistributionList
  onMessage: (message: string, isError?: boolean) => void
  onChange: () => void
  run: (action: Promise<unknown>, done?: string) => Promise<unknown>
}) {
  const [text, setText] = useState('')
  const report = (result: { added: number; rejected: { message: string }[] }) => {
    onMessage(
      [`${result.added} address${result.added === 1 ? '' : 'es'} added.`, ...result.rejected.map((r) => r.message)].join(' '),
      result.rejected.length > 0,
    )
    onChange()
  }
  return (
    <div className="distribution-list" data-testid={`list-${list.name}`}>
      <h3>{list.name}</h3>
      {list.emails.length === 0 ? (
        <p className="muted">No addresses yet.</p>
      ) : (
        <ul>
          {list.emails.map((email) => (
            <li key={email}>
              {email}{' '}
              <button type="button" aria-label={`Remove ${email}`} onClick={() => run(removeEmail(list.id, email))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault()
          addEmails(list.id, { emails: text }).then(
            (result) => (setText(''), report(result)),
            (err: Error) => onMessage(err.message, true),
          )
        }}
      >
        <label>
          Add addresses to {list.name} (one per line, or separated by commas)
          <textarea rows={2} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <NativeButton type="submit" variant="secondary">
          Add
        </NativeButton>{' '}
        <label className="button">
          Upload CSV
          <input
            type="file"
            accept=".csv,text/csv"
            hidden
            onChange={async (e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (!file) return
              addEmails(list.id, { csv: await file.text() }).then(report, (err: Error) => onMessage(err.message, true))
            }}
          />
        </label>{' '}
        <button type="button" onClick={() => run(deleteDistributionList(list.id), `The list ${list.name} is deleted.`)}>
          Delete list
        </button>
      </form>
    </div>
  )
}

function CalendarFeedLink() {
  const [feed, setFeed] = useState<CalendarFeed | null>(null)
  const [error, setError] = useState('')
  return (
    <section className="calendar-feed" aria-labelledby="feed-title">
      <h3 id="feed-title">Calendar subscription</h3>
      <p className="muted">Subscribe your calendar to a private address with the dates of all your promotions; it stays up to date as dates change.</p>
      {feed ? (
        <>
          {feed.url && feed.webcalUrl ? (
            <p>
              <a href={feed.webcalUrl}>Subscribe in your calendar app</a> or copy this address: <code data-testid="feed-url">{feed.url}</code>. It is shown only
              now.
            </p>
          ) : (
            <p>
              Your calendar address was made on {formatDate(new Date(feed.createdAt))}. For your security it is shown only once; make a new address to see one
              again.
            </p>
          )}
          <button type="button" onClick={() => regenerateCalendarFeed().then(setFeed, (e: Error) => setError(e.message))}>
            Make a new address (the old one stops working)
          </button>
        </>
      ) : (
        <button type="button" onClick={() => getCalendarFeed().then(setFeed, (e: Error) => setError(e.message))}>
          Show my calendar address
        </button>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
