import { Component, lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { TIMINGS } from '@permitdesk/shared'
import { checkAuthenticated, getCurrentUser, killSessions, logOut, type SessionUserView } from '../lib/session-api'
import { SessionContext, type SessionContextValue, type SessionStatus } from '../lib/session'

/**
 * Out of the entry chunk, loaded when a modal opens (after 29 idle minutes, or on a 403): a screen
 * that needs no react-aria (My Promotions) then never downloads or evaluates it on first load.
 * Not fetched ahead on idle either: evaluating it would be a long task in the middle of the page's
 * first seconds.
 */
const SessionModals = lazy(() => import('./session-modals'))

/**
 * If the modals' chunk cannot be loaded (offline, or a deploy removed it), the app must not fall
 * over: `onError` does what the modal's button would have done where it matters.
 */
class ModalsBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidCatch() {
    this.props.onError()
  }
  render() {
    return this.state.failed ? null : this.props.children
  }
}

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const

/** Home with the logout flag (000 §2 query `logout`). */
const HOME_LOGGED_OUT = '/?logout'

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement) return !target.readOnly && !target.disabled
  if (target instanceof HTMLInputElement) {
    return !target.readOnly && !target.disabled && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'range', 'color'].includes(target.type)
  }
  return target instanceof HTMLSelectElement
}

/**
 * The session behaviour of 000 §4: loads the user, checks the session every 5 s while signed in
 * (403 → the non-dismissable "logged in elsewhere" modal, then sign-out; 401 → home with the
 * logout flag), warns after 29 minutes without mouse or key activity and signs out 1 minute
 * later, tells the server on page unload, and blocks Backspace outside editable fields.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('loading')
  const [user, setUser] = useState<SessionUserView | null>(null)
  const [modal, setModal] = useState<'none' | 'idle' | 'elsewhere'>('none')
  const modalRef = useRef(modal)
  modalRef.current = modal

  useEffect(() => {
    let cancelled = false
    // A transition: the first screen's render that follows is done in slices, not one long task.
    getCurrentUser()
      .then((found) => {
        if (cancelled) return
        startTransition(() => {
          setUser(found)
          setStatus(found ? 'signedIn' : 'signedOut')
        })
      })
      .catch(() => {
        if (cancelled) return
        startTransition(() => setStatus('signedOut'))
      })
    return () => {
      cancelled = true
    }
  }, [])

  const signOut = useCallback(async ({ flag = false }: { flag?: boolean } = {}) => {
    await logOut().catch(() => {})
    setUser(null)
    setStatus('signedOut')
    window.location.assign(flag ? HOME_LOGGED_OUT : '/')
  }, [])

  // 000 §2: Backspace outside an editable field must not navigate back.
  useEffect(() => {
    const block = (event: KeyboardEvent) => {
      if (event.key === 'Backspace' && !isEditable(event.target)) event.preventDefault()
    }
    document.addEventListener('keydown', block)
    return () => document.removeEventListener('keydown', block)
  }, [])

  const signedIn = status === 'signedIn'

  // The 5-second check.
  useEffect(() => {
    if (!signedIn) return
    let stopped = false
    const timer = setInterval(async () => {
      if (modalRef.current === 'elsewhere') return
      const code = await checkAuthenticated(window.location.pathname)
      if (stopped) return
      if (code === 403) setModal('elsewhere')
      else if (code === 401) {
        stopped = true
        setStatus('signedOut')
        window.location.assign(HOME_LOGGED_OUT)
      }
      // 0 (network) and 5xx: keep the session and try again on the next tick.
    }, TIMINGS.authPollMs)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [signedIn])

  // Page unload: the server ends the session unless this browser comes back at once (a reload).
  useEffect(() => {
    if (!signedIn) return
    const onHide = () => killSessions()
    window.addEventListener('pagehide', onHide)
    return () => window.removeEventListener('pagehide', onHide)
  }, [signedIn])

  // Idle: warning after 29 minutes without activity, sign-out 1 minute after the warning.
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const logoutTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const lastReset = useRef(0)
  const startIdleTimer = useCallback(() => {
    clearTimeout(idleTimer.current)
    lastReset.current = Date.now()
    idleTimer.current = setTimeout(() => {
      setModal((current) => (current === 'none' ? 'idle' : current))
      clearTimeout(logoutTimer.current)
      logoutTimer.current = setTimeout(() => void signOut({ flag: true }), TIMINGS.idleLogoutAfterWarningMs)
    }, TIMINGS.idleWarningMs)
  }, [signOut])

  useEffect(() => {
    if (!signedIn) return
    startIdleTimer()
    const onActivity = () => {
      // The warning is non-dismissable: only its button keeps the session.
      if (modalRef.current !== 'none') return
      if (Date.now() - lastReset.current < 1000) return
      startIdleTimer()
    }
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true })
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity)
      clearTimeout(idleTimer.current)
      clearTimeout(logoutTimer.current)
    }
  }, [signedIn, startIdleTimer])

  const staySignedIn = () => {
    clearTimeout(logoutTimer.current)
    setModal('none')
    startIdleTimer()
    void checkAuthenticated(window.location.pathname).then((code) => {
      if (code === 403) setModal('elsewhere')
      else if (code === 401) window.location.assign(HOME_LOGGED_OUT)
    })
  }

  const value = useMemo<SessionContextValue>(
    () => ({
      status,
      user,
      signedIn: (next) => {
        setUser(next)
        setStatus('signedIn')
        setModal('none')
      },
      signOut,
      setUser,
    }),
    [status, user, signOut],
  )

  return (
    <SessionContext.Provider value={value}>
      {children}
      {modal === 'none' ? null : (
        // Idle: the sign-out timer still runs. Elsewhere: this session is over, so sign out.
        <ModalsBoundary onError={() => (modal === 'elsewhere' ? void signOut({ flag: true }) : undefined)}>
          <Suspense fallback={null}>
            <SessionModals modal={modal} onStay={staySignedIn} onSignOut={() => void signOut({ flag: true })} />
          </Suspense>
        </ModalsBoundary>
      )}
    </SessionContext.Provider>
  )
}
