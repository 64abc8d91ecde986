import { createElement, useCallback, useEffect, useRef, useState } from 'react'
import { apiHref } from '../lib/typed-api'

type BotCheckConfig = { mode: 'altcha' | 'recaptcha' | 'off'; siteKey?: string }
let configPromise: Promise<BotCheckConfig> | undefined

function loadConfig(): Promise<BotCheckConfig> {
  configPromise ??= fetch(apiHref('get', '/botcheck/config'), { credentials: 'include' })
    .then((r) => r.json() as Promise<BotCheckConfig>)
    .catch(() => {
      configPromise = undefined
      return { mode: 'altcha' as const }
    })
  return configPromise
}

type Grecaptcha = { render: (el: HTMLElement, options: Record<string, unknown>) => number; ready: (fn: () => void) => void }

/**
 * The bot check of the login, register and forgot-password forms (000 §5). Reports the token the
 * API reads as `recaptchaResponse`: an altcha proof-of-work payload, a reCAPTCHA response, or ''
 * when the check is off. Change `resetKey` to start a new check (000 §5: login forms reset it).
 */
export function BotCheckField({ onToken, resetKey = 0 }: { onToken: (token: string | undefined) => void; resetKey?: number }) {
  const [config, setConfig] = useState<BotCheckConfig | null>(null)
  const ref = useRef<HTMLDivElement>(null)
  const onTokenRef = useRef(onToken)
  onTokenRef.current = onToken

  useEffect(() => {
    let cancelled = false
    void loadConfig().then((c) => !cancelled && setConfig(c))
    return () => {
      cancelled = true
    }
  }, [])

  useEffect(() => {
    if (!config) return
    onTokenRef.current(config.mode === 'off' ? '' : undefined)
    const host = ref.current
    if (!host || config.mode === 'off') return
    let cancelled = false
    host.replaceChildren()
    if (config.mode === 'altcha') {
      void import('altcha').then(() => {
        if (cancelled) return
        const widget = document.createElement('altcha-widget')
        widget.setAttribute('challengeurl', apiHref('get', '/botcheck/challenge'))
        widget.setAttribute('auto', 'onload')
        widget.setAttribute('hidefooter', '')
        widget.addEventListener('statechange', (event) => {
          const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail
          onTokenRef.current(detail.state === 'verified' ? detail.payload : undefined)
        })
        host.appendChild(widget)
      })
    } else {
      const w = window as unknown as { grecaptcha?: Grecaptcha }
      const render = () =>
        w.grecaptcha!.ready(() => {
          if (cancelled) return
          const target = document.createElement('div')
          host.appendChild(target)
          w.grecaptcha!.render(target, {
            sitekey: config.siteKey,
            callback: (token: string) => onTokenRef.current(token),
            'expired-callback': () => onTokenRef.current(undefined),
          })
        })
      if (w.grecaptcha) render()
      else {
        const script = document.createElement('script')
        script.src = 'https://www.google.com/recaptcha/api.js?render=explicit'
        script.async = true
        script.onload = render
        document.head.appendChild(script)
      }
    }
    return () => {
      cancelled = true
      host.replaceChildren()
    }
  }, [config, resetKey])

  if (config?.mode === 'off') return null
  return createElement('div', { ref, className: 'bot-check', 'data-testid': 'bot-check' })
}

/**
 * The form's side of the bot check. A submit that comes before the check has answered (the
 * config is still loading, or altcha is still working) waits for the token instead of failing;
 * only a check that has not answered within `ms` gets MSG_BOT_CHECK_PENDING.
 */
export function useBotCheck(setToken: (token: string | undefined) => void) {
  const latest = useRef<string | undefined>(undefined)
  const waiters = useRef(new Set<(token: string) => void>())
  const [resetKey, setResetKey] = useState(0)
  const onToken = useCallback(
    (token: string | undefined) => {
      latest.current = token
      setToken(token)
      if (token !== undefined) for (const wake of waiters.current) wake(token)
    },
    [setToken],
  )
  const waitForToken = useCallback((ms = 10_000) => {
    if (latest.current !== undefined) return Promise.resolve<string | undefined>(latest.current)
    return new Promise<string | undefined>((resolve) => {
      const wake = (token: string | undefined) => {
        clearTimeout(timer)
        waiters.current.delete(wake)
        resolve(token)
      }
      const timer = setTimeout(() => wake(undefined), ms)
      waiters.current.add(wake)
    })
  }, [])
  const reset = useCallback(() => {
    latest.current = undefined
    setToken(undefined)
    setResetKey((k) => k + 1)
  }, [setToken])
  return { resetKey, onToken, waitForToken, reset }
}
