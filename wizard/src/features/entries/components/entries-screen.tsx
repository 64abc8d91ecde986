/**
 * /promotions/entries/{promotionId}/ (issue 27): the promoter's entry form (fields, receipts,
 * staff domains, open or close, the link and the embed snippets, a preview) and the entries it
 * collected (masked, searchable, paged; refusals per reason; CSV export; an entrant's data request).
 */
import { useEffect, useId, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  ENTRY_FIELD_LABELS,
  ENTRY_PERSON_FIELDS,
  ENTRY_RECEIPT_FILE_LABEL,
  MSG_ENTRY_FORM_CLOSED_NOTICE,
  MSG_ENTRY_FORM_SAVED,
  formatDateTime,
  stateChoices,
  type EntryFieldMode,
  type EntryFormFields,
  type EntryPersonField,
} from '@permitdesk/shared'
import { AppLayout } from '../../../components/layouts/app-layout'
import { Alert, Badge, CopyButton, NativeButton, SortableTable, type TableColumn } from '../../../components/ui'
import { ApiError } from '../../../lib/api-client'
import {
  entrantEntries,
  entrantExportUrl,
  exportEntriesUrl,
  receiptFileUrl,
  getEntryForm,
  importEntries,
  listEntries,
  openEntryForm,
  saveEntryForm,
  type EntryForm,
  type MaskedEntry,
} from '../api/entries'
import { EntryFields } from './entry-fields'
import './entries.css'

const messageOf = (error: unknown) => (error instanceof ApiError ? error.messages.join(' ') : String(error))
const formKey = (promotionId: number) => ['entry-form', 'owner', promotionId] as const
const MODES: { id: EntryFieldMode; label: string }[] = [
  { id: 'off', label: 'Not asked' },
  { id: 'optional', label: 'Optional' },
  { id: 'required', label: 'Required' },
]
const STATUS: Record<EntryForm['status'], { label: string; tone: 'success' | 'default' | 'info' }> = {
  open: { label: 'Open', tone: 'success' },
  closed: { label: 'Closed', tone: 'default' },
  frozen: { label: 'Frozen into the draw', tone: 'info' },
}
const CHANNELS: Record<MaskedEntry['channel'], string> = { form: 'Hosted form', embed: 'Embedded form', api: 'API', import: 'Import' }

/** The builder's name of a field: the receipt file and the skill question's answer are not person fields. */
const builderLabel = (name: EntryPersonField | 'receiptFile' | 'answer') =>
  name === 'answer' ? 'Skill question answer' : name === 'receiptFile' ? ENTRY_RECEIPT_FILE_LABEL : ENTRY_FIELD_LABELS[name]

export function EntriesScreen() {
  const promotionId = Number(useParams().id)
  const form = useQuery({ queryKey: formKey(promotionId), queryFn: () => getEntryForm(promotionId), retry: false })
  return (
    <AppLayout title="Entries">
      <div className="entries-screen">
        <nav aria-label="Breadcrumb">
          <Link to={`/promotions/edit/${promotionId}/`}>Promotion</Link>
        </nav>
        <h1>Entries</h1>
        <p>
          <Link to={`/promotions/entries/${promotionId}/screening/`}>Screening</Link>: duplicates, bursts and disposable addresses to exclude or keep before the
          draw.
        </p>
        {form.data ? (
          <>
            <FormBuilder form={form.data} />
            <EntriesTable promotionId={promotionId} />
            <ImportEntries promotionId={promotionId} />
            <DataRequest />
          </>
        ) : form.error ? (
          <Alert tone="danger" live>
            {messageOf(form.error)}
          </Alert>
        ) : (
          <p role="status">Loading…</p>
        )}
      </div>
    </AppLayout>
  )
}

function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId()
  return (
    <div className="entries-snippet">
      <span className="ui-field__label" id={id}>
        {label}
      </span>
      <pre aria-labelledby={id}>{value}</pre>
      <div className="entries-status">
        <CopyButton value={value} />
      </div>
    </div>
  )
}

function FormBuilder({ form }: { form: EntryForm }) {
  const queryClient = useQueryClient()
  const [fields, setFields] = useState<EntryFormFields>(form.fields)
  const [receipts, setReceipts] = useState(form.receipts)
  const [domains, setDomains] = useState(form.staffDomains.join('\n'))
  const [result, setResult] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const done = (saved: EntryForm) => queryClient.setQueryData(formKey(form.promotionId), saved)
  const fail = (error: unknown) => {
    setErrors(error instanceof ApiError ? (error.modelState ?? {}) : {})
    setResult({ tone: 'danger', text: messageOf(error) })
  }
  const save = useMutation({
    mutationFn: () => saveEntryForm({ promotionId: form.promotionId, fields, receipts, staffDomains: domains }),
    onSuccess: (saved) => {
      done(saved)
      setErrors({})
      setResult({ tone: 'success', text: MSG_ENTRY_FORM_SAVED })
    },
    onError: fail,
  })
  const toggle = useMutation({
    mutationFn: (open: boolean) => openEntryForm(form.promotionId, open),
    onSuccess: (saved) => (done(saved), setResult(null)),
    onError: fail,
  })
  const origin = window.location.origin
  const url = `${origin}${form.path}`
  const iframe = `<iframe src="${url}?embed=1" title="Entry form" style="width:100%;max-width:40rem;min-height:56rem;border:0" loading="lazy"></iframe>`
  const script = `<script src="${origin}/api/entries/embed.js" data-code="${form.code}" async></script>`
  const setMode = (name: keyof EntryFormFields, mode: EntryFieldMode) => setFields((f) => ({ ...f, [name]: mode }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  const status = STATUS[form.status]
  const fieldError = (name: string) => errors[`fields.${name}`] ?? errors[name]

  return (
    <section aria-labelledby="entry-form-title" className="entries-builder">
      <h2 id="entry-form-title">Entry form</h2>
      <div className="entries-status">
        <Badge tone={status.tone}>{status.label}</Badge>
        {form.opensAt && form.closesAt ? (
          <span>
            Entry period from the application: {formatDateTime(form.opensAt)} to {formatDateTime(form.closesAt)}
            {form.entriesPerDay ? `; ${form.entriesPerDay} ${form.entriesPerDay === 1 ? 'entry' : 'entries'} per person per day` : ''}.
          </span>
        ) : null}
        {form.status !== 'frozen' ? (
          <NativeButton
            variant={form.status === 'open' ? 'secondary' : 'primary'}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate(form.status !== 'open')}
          >
            {form.status === 'open' ? 'Close the form' : 'Open the form'}
          </NativeButton>
        ) : null}
      </div>
      {result ? (
        <Alert tone={result.tone} live>
          {result.text}
        </Alert>
      ) : null}
      <div className="entries-builder__grid">
        <form onSubmit={submit} className="entries-builder" noValidate>
          <table className="entries-builder__fields">
            <caption className="ui-field__label" style={{ textAlign: 'left' }}>
              The fields entrants fill in
            </caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Asked</th>
              </tr>
            </thead>
            <tbody>
              {[...ENTRY_PERSON_FIELDS, 'receiptFile' as const, 'answer' as const].map((name) => (
                <tr key={name}>
                  <th scope="row">{builderLabel(name)}</th>
                  <td>
                    <fieldset>
                      <legend>{builderLabel(name)}</legend>
                      {MODES.map((mode) => (
                        <label key={mode.id}>
                          <input
                            type="radio"
                            name={`mode-${name}`}
                            value={mode.id}
                            checked={(fields[name] ?? 'off') === mode.id}
                            onChange={() => setMode(name, mode.id)}
                          />
                          {mode.label}
                        </label>
                      ))}
                    </fieldset>
                    {fieldError(name) ? <p className="entry-field__error">{fieldError(name)!.join(' ')}</p> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {fields.answer !== 'off' ? (
            <>
              <div className="ui-field entry-field">
                <label className="ui-field__label" htmlFor="entries-question">
                  The question entrants answer
                </label>
                <input
                  id="entries-question"
                  className="ui-input"
                  value={fields.question}
                  maxLength={1000}
                  onChange={(e) => setFields((f) => ({ ...f, question: e.target.value }))}
                />
                {fieldError('question') ? <p className="entry-field__error">{fieldError('question')!.join(' ')}</p> : null}
              </div>
              <div className="ui-field entry-field">
                <label className="ui-field__label" htmlFor="entries-word-limit">
                  Word limit
                </label>
                <input
                  id="entries-word-limit"
                  className="ui-input"
                  inputMode="numeric"
                  style={{ maxWidth: '8rem' }}
                  value={String(fields.wordLimit)}
                  onChange={(e) => setFields((f) => ({ ...f, wordLimit: Number(e.target.value.replace(/\D/g, '')) || 0 }))}
                />
                {fieldError('wordLimit') ? <p className="entry-field__error">{fieldError('wordLimit')!.join(' ')}</p> : null}
              </div>
            </>
          ) : null}
          <Consents fields={fields} setFields={setFields} />
          <label className="entry-consent">
            <input type="checkbox" checked={receipts} onChange={(e) => setReceipts(e.target.checked)} />
            <span>E-mail each entrant a receipt with their entry number</span>
          </label>
          <div className="ui-field entry-field">
            <label className="ui-field__label" htmlFor="entries-domains">
              Staff e-mail domains (excluded)
            </label>
            <textarea
              id="entries-domains"
              className="ui-input"
              rows={3}
              value={domains}
              onChange={(e) => setDomains(e.target.value)}
              aria-describedby="entries-domains-hint"
            />
            <p id="entries-domains-hint" className="ui-field__description">
              One per line, like example.com.au. Entries from these domains and their sub-domains are refused.
            </p>
            {fieldError('staffDomains') ? <p className="entry-field__error">{fieldError('staffDomains')!.join(' ')}</p> : null}
          </div>
          <div>
            <NativeButton type="submit" disabled={save.isPending || form.status === 'frozen'}>
              Save the form
            </NativeButton>
          </div>
        </form>
        <div className="entries-builder">
          <h3>Preview</h3>
          {form.status !== 'open' ? <p>{MSG_ENTRY_FORM_CLOSED_NOTICE}</p> : null}
          <div className="entries-preview" aria-label="Preview of the entry form" role="group">
            <div className="entry-page">
              <div className="entry-page__main">
                <div className="entry-card">
                  <div className="entry-form">
                    <EntryFields
                      fields={fields}
                      states={stateChoices([]).map((s) => ({ code: s.code, name: s.name }))}
                      values={{}}
                      consents={{}}
                      errors={{}}
                      onChange={() => {}}
                      onConsent={() => {}}
                      disabled
                    />
                  </div>
                  <section className="entry-card__notice" aria-label="Collection notice">
                    <h4>Your personal information</h4>
                    <p>{form.collectionNotice}</p>
                  </section>
                </div>
              </div>
            </div>
          </div>
          <CopyField label="Link to the form" value={url} />
          <p>
            <a href={form.path} target="_blank" rel="noopener">
              Open the form in a new tab
            </a>
          </p>
          <CopyField label="Embed with an iframe" value={iframe} />
          <CopyField label="Embed with a script tag (the frame fits the form)" value={script} />
        </div>
      </div>
    </section>
  )
}

function Consents({ fields, setFields }: { fields: EntryFormFields; setFields: (update: (f: EntryFormFields) => EntryFormFields) => void }) {
  const update = (index: number, patch: Partial<EntryFormFields['consents'][number]>) =>
    setFields((f) => ({ ...f, consents: f.consents.map((c, i) => (i === index ? { ...c, ...patch } : c)) }))
  return (
    <fieldset className="entries-consents">
      <legend className="ui-field__label">Consent boxes</legend>
      {fields.consents.map((consent, index) => (
        <div className="entries-consents__row" key={consent.id}>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`consent-${consent.id}`}>
              Box {index + 1} text
            </label>
            <input
              id={`consent-${consent.id}`}
              className="ui-input"
              value={consent.label}
              maxLength={500}
              onChange={(e) => update(index, { label: e.target.value })}
            />
          </div>
          <label className="entry-consent">
            <input type="checkbox" checked={consent.required} onChange={(e) => update(index, { required: e.target.checked })} />
            <span>Must be ticked</span>
          </label>
          <NativeButton variant="secondary" onClick={() => setFields((f) => ({ ...f, consents: f.consents.filter((_, i) => i !== index) }))}>
            Remove box {index + 1}
          </NativeButton>
        </div>
      ))}
      {fields.consents.length < 5 ? (
        <div>
          <NativeButton
            variant="secondary"
            onClick={() =>
              setFields((f) => ({
                ...f,
                consents: [...f.consents, { id: `c${Date.now().toString(36)}`, label: 'I agree to the terms and conditions', required: true }],
              }))
            }
          >
            Add a consent box
          </NativeButton>
        </div>
      ) : null}
    </fieldset>
  )
}

const ENTRY_COLUMNS: TableColumn<MaskedEntry>[] = [
  { id: 'number', label: 'Entry number', isRowHeader: true, render: (e) => e.entryNumber },
  { id: 'received', label: 'Received', render: (e) => <span className="entries-table__when">{formatDateTime(e.receivedAt)}</span> },
  { id: 'name', label: 'Name', render: (e) => e.name || '\u2014' },
  { id: 'email', label: 'E-mail', render: (e) => e.email || '\u2014' },
  { id: 'phone', label: 'Phone', render: (e) => e.phone || '\u2014' },
  { id: 'postcode', label: 'Postcode', render: (e) => e.postcode || '\u2014' },
  { id: 'state', label: 'State', render: (e) => e.state || '\u2014' },
  { id: 'channel', label: 'Channel', render: (e) => CHANNELS[e.channel] },
]
// Only where entries carry receipt files.
const RECEIPT_COLUMN: TableColumn<MaskedEntry> = {
  id: 'receipt',
  label: 'Receipt',
  render: (e) =>
    e.receiptFile ? (
      <a href={receiptFileUrl(e.entryNumber)} download>
        Download<span className="visually-hidden"> the receipt file of entry {e.entryNumber}</span>
      </a>
    ) : (
      '\u2014'
    ),
}

function EntriesTable({ promotionId }: { promotionId: number }) {
  const [q, setQ] = useState('')
  const [search, setSearch] = useState('')
  const [pages, setPages] = useState<(number | null)[]>([null])
  const before = pages[pages.length - 1] ?? null
  const list = useQuery({
    queryKey: ['entries', promotionId, search, before],
    queryFn: () => listEntries(promotionId, search, before),
    placeholderData: keepPreviousData,
  })
  useEffect(() => setPages([null]), [search])
  const data = list.data
  const withReceipts = data?.entries.some((e) => e.receiptFile) ?? false
  return (
    <section aria-labelledby="entries-title">
      <h2 id="entries-title">Entries received</h2>
      {data ? (
        <>
          <p>
            {data.total.toLocaleString('en-AU')} {data.total === 1 ? 'entry' : 'entries'}
            {search ? ' found' : ''}. Personal details are masked here; the export has them in full.
          </p>
          {data.refusals.length ? (
            <>
              <h3>Refused</h3>
              <ul className="entries-refusals">
                {data.refusals.map((r) => (
                  <li key={r.reason}>
                    {r.label}: <strong>{r.count.toLocaleString('en-AU')}</strong>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
      <form
        className="entries-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setSearch(q.trim())
        }}
      >
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="entries-q">
            Entry number or e-mail
          </label>
          <input id="entries-q" className="ui-input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        <NativeButton type="submit" variant="secondary">
          Search
        </NativeButton>
        <a className="ui-button ui-button--secondary" href={exportEntriesUrl(promotionId, search)} download>
          Export CSV
        </a>
      </form>
      {list.error ? (
        <Alert tone="danger" live>
          {messageOf(list.error)}
        </Alert>
      ) : null}
      {data ? (
        <>
          <SortableTable
            label="Entries"
            columns={withReceipts ? [...ENTRY_COLUMNS, RECEIPT_COLUMN] : ENTRY_COLUMNS}
            rows={data.entries}
            rowKey={(entry) => entry.entryNumber}
            empty={`No entries${search ? ' match the search' : ' yet'}.`}
            scrollable
            stacked
          />
          <div className="entries-status">
            {pages.length > 1 ? (
              <NativeButton variant="secondary" onClick={() => setPages((p) => p.slice(0, -1))}>
                Newer entries
              </NativeButton>
            ) : null}
            {data.nextBefore ? (
              <NativeButton variant="secondary" onClick={() => setPages((p) => [...p, data.nextBefore])}>
                Older entries
              </NativeButton>
            ) : null}
          </div>
        </>
      ) : (
        <p role="status">Loading…</p>
      )}
    </section>
  )
}

function DataRequest() {
  const [email, setEmail] = useState('')
  const find = useMutation({ mutationFn: (value: string) => entrantEntries(value) })
  return (
    <section aria-labelledby="data-request-title">
      <h2 id="data-request-title">An entrant asks for their data</h2>
      <p>Find every entry of one e-mail address in your promotions, and download it to send to them.</p>
      <form
        className="entries-search"
        onSubmit={(e) => {
          e.preventDefault()
          find.mutate(email)
        }}
      >
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="entrant-email">
            Entrant&rsquo;s e-mail address
          </label>
          <input id="entrant-email" className="ui-input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <NativeButton type="submit" variant="secondary" disabled={find.isPending}>
          Find
        </NativeButton>
      </form>
      {find.error ? (
        <Alert tone="danger" live>
          {messageOf(find.error)}
        </Alert>
      ) : null}
      {find.data ? (
        <div role="status">
          <p>
            {find.data.entries.length} {find.data.entries.length === 1 ? 'entry' : 'entries'} found.{' '}
            {find.data.entries.length ? (
              <a href={entrantExportUrl(email)} download>
                Download their data (CSV)
              </a>
            ) : null}
          </p>
          {find.data.entries.length ? (
            <ul>
              {find.data.entries.map((e) => (
                <li key={e.entryNumber}>
                  Entry {e.entryNumber} in {e.promotionName}, {formatDateTime(e.receivedAt)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}

function ImportEntries({ promotionId }: { promotionId: number }) {
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const run = useMutation({
    mutationFn: (chosen: File) => importEntries(promotionId, chosen),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['entries', promotionId] }),
  })
  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">Import offline entries</h2>
      <p>
        A CSV with a header row naming the fields (name, email, phone, postcode, state, dateOfBirth, receiptNumber, answer, consent:&lt;box&gt;) and, for
        entries received earlier, a received column (Sydney date and time, YYYY-MM-DD HH:MM). Each row is checked under the same rules as the form.
      </p>
      <form
        className="entries-search"
        onSubmit={(e) => {
          e.preventDefault()
          if (file) run.mutate(file)
        }}
      >
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="import-file">
            CSV file
          </label>
          <input id="import-file" className="ui-input" type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <NativeButton type="submit" variant="secondary" disabled={!file || run.isPending}>
          {run.isPending ? 'Importing…' : 'Import'}
        </NativeButton>
      </form>
      {run.error ? (
        <Alert tone="danger" live>
          {messageOf(run.error)}
        </Alert>
      ) : null}
      {run.data ? (
        <div role="status">
          <p>
            {run.data.accepted.toLocaleString('en-AU')} of {run.data.rows.toLocaleString('en-AU')} rows imported.
            {run.data.refused.map((r) => ` ${r.label}: ${r.count.toLocaleString('en-AU')}.`).join('')}
            {run.data.invalid ? ` Incomplete or invalid: ${run.data.invalid.toLocaleString('en-AU')}.` : ''}
          </p>
          {run.data.problems.length ? (
            <ul>
              {run.data.problems.map((p) => (
                <li key={p.line}>
                  Line {p.line}: {p.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
