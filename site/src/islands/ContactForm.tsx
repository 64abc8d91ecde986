import { useEffect, useRef, useState, type FormEvent } from 'react'
import { track } from '../lib/analytics'

export type ContactFormProps = {
  /** help: the contact page; agencies and law-firms: the agency/law-firm form, sent with that source. */
  variant: 'help' | 'agencies' | 'law-firms'
}

type FieldErrors = Record<string, string[]>
type State = { status: 'idle' | 'sending' | 'sent' | 'error'; message?: string; fieldErrors?: FieldErrors }
type BotCheckMode = 'altcha' | 'recaptcha' | 'off' | 'unknown'

const ENDPOINTS = {
  help: '/api/Contact/CreateHelpContact',
  agencies: '/api/Contact/CreateAgencyLawFirmContact',
  'law-firms': '/api/Contact/CreateAgencyLawFirmContact',
}

/**
 * The contact, agency and law-firm forms (000 §6, 001 §7 Contact calls). The browser's own checks
 * catch empty and malformed fields; the API's answers are shown beside each field. The bot check
 * is the API's (GET /api/botcheck/config): the self-hosted altcha widget loads only here, on demand.
 */
export default function ContactForm({ variant }: ContactFormProps) {
  const [state, setState] = useState<State>({ status: 'idle' })
  const [mode, setMode] = useState<BotCheckMode>('unknown')
  const [promotion, setPromotion] = useState('')
  const statusRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    setPromotion(new URLSearchParams(window.location.search).get('promotion') ?? '')
    fetch('/api/botcheck/config', { credentials: 'include' })
      .then((response) => (response.ok ? response.json() : { mode: 'off' }))
      .then(async (config: { mode: BotCheckMode }) => {
        if (config.mode === 'altcha') await import('altcha')
        setMode(config.mode)
      })
      .catch(() => setMode('off'))
  }, [])

  useEffect(() => {
    if (state.status === 'sent' || state.status === 'error') statusRef.current?.focus()
  }, [state.status])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = Object.fromEntries(new FormData(form).entries()) as Record<string, string>
    const body: Record<string, string> = { ...data }
    if (variant !== 'help') body.source = variant
    setState({ status: 'sending' })
    try {
      const response = await fetch(ENDPOINTS[variant], {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      })
      const answer = (await response.json().catch(() => ({}))) as { message?: string; modelState?: FieldErrors }
      if (response.ok) {
        setState({ status: 'sent', message: answer.message })
        track('conversion', { form: variant })
        form.reset()
        return
      }
      const fieldErrors = answer.modelState && Object.keys(answer.modelState).some((key) => key !== 'recaptchaResponse') ? answer.modelState : undefined
      setState({
        status: 'error',
        message: fieldErrors ? 'Please check the fields marked above.' : (answer.message ?? 'Your message could not be sent. Please try again.'),
        fieldErrors: answer.modelState,
      })
      // A solved challenge is single use: ask for a new one.
      ;(form.querySelector('altcha-widget') as (HTMLElement & { reset?: () => void }) | null)?.reset?.()
    } catch {
      setState({ status: 'error', message: 'Your message could not be sent. Please check your connection and try again.' })
    }
  }

  if (state.status === 'sent') {
    return (
      <div className="form-confirmation" role="status" tabIndex={-1} ref={statusRef} data-testid="contact-confirmation">
        <h2>Message sent</h2>
        <p>{state.message}</p>
      </div>
    )
  }

  const errors = state.fieldErrors ?? {}
  const field = (name: string, label: string, input: JSX.Element) => (
    <div className="field">
      <label htmlFor={`cf-${name}`}>{label}</label>
      {input}
      {errors[name]?.map((message) => (
        <p className="field-error" id={`cf-${name}-error`} key={message}>
          {message}
        </p>
      ))}
    </div>
  )
  const describedBy = (name: string) => (errors[name] ? `cf-${name}-error` : undefined)
  const invalid = (name: string) => (errors[name] ? true : undefined)

  return (
    <form className="contact-form" onSubmit={submit} noValidate={false} data-testid="contact-form">
      {field(
        'name',
        'Your name',
        <input id="cf-name" name="name" autoComplete="name" required maxLength={200} aria-invalid={invalid('name')} aria-describedby={describedBy('name')} />,
      )}
      {variant !== 'help'
        ? field(
            'organisation',
            variant === 'agencies' ? 'Agency name' : 'Firm name',
            <input
              id="cf-organisation"
              name="organisation"
              autoComplete="organization"
              required
              maxLength={200}
              aria-invalid={invalid('organisation')}
              aria-describedby={describedBy('organisation')}
            />,
          )
        : null}
      {field(
        'email',
        'Email address',
        <input
          id="cf-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          aria-invalid={invalid('email')}
          aria-describedby={describedBy('email')}
        />,
      )}
      {field(
        'phone',
        variant === 'help' ? 'Phone (optional)' : 'Phone',
        <input
          id="cf-phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required={variant !== 'help'}
          maxLength={20}
          aria-invalid={invalid('phone')}
          aria-describedby={describedBy('phone')}
        />,
      )}
      {field(
        'message',
        'How can we help?',
        <textarea
          id="cf-message"
          name="message"
          rows={6}
          required
          maxLength={5000}
          aria-invalid={invalid('message')}
          aria-describedby={describedBy('message')}
        />,
      )}
      {promotion ? <input type="hidden" name="promotion" value={promotion} /> : null}
      {mode === 'altcha' ? <altcha-widget challengeurl="/api/botcheck/challenge" name="recaptchaResponse" hidefooter="true" /> : null}
      {errors.recaptchaResponse?.map((message) => (
        <p className="field-error" key={message}>
          {message}
        </p>
      ))}
      <div ref={statusRef} tabIndex={-1} role="alert" className="form-error">
        {state.status === 'error' ? state.message : null}
      </div>
      <button type="submit" className="button" disabled={state.status === 'sending' || mode === 'unknown'}>
        {state.status === 'sending' ? 'Sending…' : 'Send message'}
      </button>
    </form>
  )
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': { challengeurl: string; name: string; hidefooter?: string }
    }
  }
}
