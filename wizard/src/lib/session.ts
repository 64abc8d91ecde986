import { createContext, useContext } from 'react'
import type { SessionUserView } from './session-api'

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut'

export type SessionContextValue = {
  status: SessionStatus
  user: SessionUserView | null
  /** After a successful login: starts the checks and the idle timer. */
  signedIn: (user: SessionUserView) => void
  /** Signs out and goes home; `idle` adds the logout flag (000 §4). */
  signOut: (options?: { flag?: boolean }) => Promise<void>
  /** Reloads the user (after an account edit). */
  setUser: (user: SessionUserView) => void
}

export const SessionContext = createContext<SessionContextValue | null>(null)

/** The signed-in user and the session actions; needs <SessionProvider>. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext)
  if (!value) throw new Error('useSession needs <SessionProvider>')
  return value
}
