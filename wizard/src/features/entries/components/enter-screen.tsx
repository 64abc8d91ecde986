/**
 * /enter/{code}/ (issue 27): the hosted entry form. Public, mobile-first, usable with the keyboard
 * alone; branded with the promotion's name, linking its hosted T&Cs, with the collection notice
 * naming the promoter. `?embed=1` is the same form inside the promoter's page (no page chrome;
 * it tells the parent page its height so the iframe fits).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { useMutation, useQuery } from '@tanstack/react-query'
import {
  MSG_BOT_CHECK_PENDING,
  MSG_ENTRY_ERRORS_TITLE,
  MSG_ENTRY_FORM_NOT_FOUND,
  MSG_ENTRY_FORM_NOT_FOUND_TITLE,
  MSG_ENTRY_NOT_OPEN,
  RECEIPT_FILE_LIMIT_BYTES,
  RECEIPT_FILE_LIMIT_MB,
  formatDateTime,
  msgEntryAccepted,
  msgEntryReceiptFileTooLarge,
  type ReceiptFileInput,
} from '@permitdesk/shared'
import { BotCheckField, useBotCheck } from '../../../components/bot-check-field'
import { useRemoveBootShell } from '../../../components/boot-shell'
import { NativeButton } from '../../../components/ui'
import { ApiError } from '../../../lib/api-client'
import { enter, getPublicEntryForm, type PublicEntryForm } from '../api/entries'
import { EntryFields, type FieldErrors } from './entry-fields'
import './entries.css'

/** A random id this browser keeps, hashed by the server for screening (never an identifier of the person). */
function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem('permitdesk-entry-device')
    if (!id) {
      id = crypto.randomUUID()
      localStorage.setItem('permitdesk-entry-device', id)
    }
    return id
  } catch {
    return undefined
  }
}

/** The chosen file as the API takes it: its name and its bytes in base64 (a data: URL, which the API strips). */
function readReceiptFile(file: File): Promise<ReceiptFileInput> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve({ name: file.name, data: String(reader.result) })
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsDataURL(file)
  })
}

/** In an iframe, the parent page (the embed script) sizes the frame to the form. */
function useReportHeight(enabled: boolean) {
  useEffect(() => {
    if (!enabled || window.parent === window) return
    // The content's own height (the document's is never less than the frame, so it could only grow).
    const content = document.getElementById('root') ?? document.body
    const post = () => window.parent.postMessage({ type: 'permitdesk-entry-height', height: content.getBoundingClientRect().height }, '*')
    const observer = new ResizeObserver(post)
    observer.observe(content)
    post()
    return () => observer.disconnect()
  }, [enabled])
}

export function EnterScreen() {
  useRemoveBootShell()
  const code = useParams().code ?? ''
  const [search] = useSearchParams()
  const embed = search.get('embed') === '1'
  useReportHeight(embed)
  const form = useQuery({ queryKey: ['entry-form', code], queryFn: () => getPublicEntryForm(code), retry: false })
  const notFound = form.error instanceof ApiError && form.error.status === 404
  useEffect(() => {
    document.title = form.data ? `Enter ${form.data.promotionName}` : notFound ? MSG_ENTRY_FORM_NOT_FOUND_TITLE : 'Enter the promotion'
  }, [form.data, notFound])

  return (
    <div className={`entry-page${embed ? ' entry-page--embed' : ''}`}>
      <main id="main" className="entry-page__main">
        {form.data ? (
          <EntryForm form={form.data} embed={embed} />
        ) : notFound ? (
          <section className="entry-card" aria-labelledby="entry-not-found">
            <h1 id="entry-not-found">{MSG_ENTRY_FORM_NOT_FOUND_TITLE}</h1>
            <p>{MSG_ENTRY_FORM_NOT_FOUND}</p>
          </section>
        ) : form.error ? (
          <div className="ui-alert ui-alert--danger" role="alert">
            {(form.error as Error).message}
          </div>
        ) : (
          <p role="status">Loading…</p>
        )}
      </main>
    </div>
  )
}

function EntryForm({ form, embed }: { form: PublicEntryForm; embed: boolean }) {
  const [values, setValues] = useState<Record<string, string>>({})
  const [consents, setConsents] = useState<Record<string, boolean>>({})
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [receiptFile, setReceiptFile] = useState<File | null>(null)
  const [token, setToken] = useState<string | undefined>(undefined)
  const bot = useBotCheck(useCallback((t: string | undefined) => setToken(t), []))
  const summary = useRef<HTMLDivElement>(null)
  const done = useRef<HTMLDivElement>(null)
  const [failures, setFailures] = useState(0)
  const submit = useMutation({
    mutationFn: async () => {
      const recaptchaResponse = token ?? (await bot.waitForToken())
      if (recaptchaResponse === undefined) throw new Error(MSG_BOT_CHECK_PENDING)
      const file = receiptFile ? { receiptFile: await readReceiptFile(receiptFile) } : {}
      return enter({ code: form.code, entry: { ...values, consents, ...file }, recaptchaResponse, embed, device: deviceId() })
    },
    onError: (error) => {
      const modelState = error instanceof ApiError ? (error.modelState ?? {}) : {}
      const fieldErrors: FieldErrors = {}
      for (const [key, messages] of Object.entries(modelState)) if (key !== 'entry' && key !== 'recaptchaResponse') fieldErrors[key] = messages
      setErrors(fieldErrors)
      setFormError(Object.keys(fieldErrors).length ? null : error.message)
      bot.reset()
      setFailures((n) => n + 1)
    },
  })
  // After the answer has rendered: focus goes to the confirmation, or to the errors (announced either way).
  useEffect(() => {
    if (submit.data) done.current?.focus()
  }, [submit.data])
  useEffect(() => {
    if (failures) summary.current?.focus()
  }, [failures])
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setFormError(null)
    submit.mutate()
  }
  const open = form.status === 'open'
  const closesAt = form.closesAt ? formatDateTime(form.closesAt) : null
  const errorList = Object.entries(errors).flatMap(([, messages]) => messages ?? [])

  return (
    <article className="entry-card">
      <header className="entry-card__header">
        <p className="entry-card__eyebrow">Enter the promotion</p>
        <h1>{form.promotionName}</h1>
        <p className="entry-card__meta">
          Run by {form.promoterName}
          {closesAt ? `. Entries close ${closesAt}.` : '.'}
        </p>
        {form.termsPath ? (
          <p>
            <a href={form.termsPath} target={embed ? '_blank' : undefined} rel="noopener">
              Read the terms and conditions
            </a>
          </p>
        ) : null}
      </header>

      {submit.data ? (
        <div ref={done} className="ui-alert ui-alert--success entry-card__done" role="status" tabIndex={-1}>
          <p className="ui-alert__title">Entry received</p>
          <p>{msgEntryAccepted(String(submit.data.entryNumber))}</p>
        </div>
      ) : !open ? (
        <div className="ui-alert ui-alert--info" role="status">
          {MSG_ENTRY_NOT_OPEN}
        </div>
      ) : (
        <form className="entry-form" noValidate onSubmit={onSubmit} aria-describedby="entry-required-note">
          <div ref={summary} tabIndex={-1} className="entry-form__summary" role="alert">
            {formError ? <div className="ui-alert ui-alert--danger">{formError}</div> : null}
            {errorList.length ? (
              <div className="ui-alert ui-alert--danger">
                <p className="ui-alert__title">{MSG_ENTRY_ERRORS_TITLE}</p>
                <ul>
                  {errorList.map((message, i) => (
                    <li key={i}>{message}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
          <p id="entry-required-note" className="ui-field__description">
            All fields are required unless marked optional.
          </p>
          <EntryFields
            fields={form.fields}
            states={form.states}
            values={values}
            consents={consents}
            errors={errors}
            onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
            onConsent={(id, given) => setConsents((c) => ({ ...c, [id]: given }))}
            onFile={(file) => {
              setReceiptFile(file)
              // Too large is known before sending (the server checks again, and the type by its bytes).
              const tooLarge = file && file.size > RECEIPT_FILE_LIMIT_BYTES ? [msgEntryReceiptFileTooLarge(RECEIPT_FILE_LIMIT_MB)] : undefined
              setErrors((e) => ({ ...e, receiptFile: tooLarge }))
            }}
          />
          <BotCheckField onToken={bot.onToken} resetKey={bot.resetKey} />
          <NativeButton type="submit" disabled={submit.isPending} className="entry-form__submit">
            {submit.isPending ? 'Sending…' : 'Enter'}
          </NativeButton>
        </form>
      )}

      <section className="entry-card__notice" aria-labelledby="collection-notice">
        <h2 id="collection-notice">Your personal information</h2>
        <p>{form.collectionNotice}</p>
      </section>
    </article>
  )
}
