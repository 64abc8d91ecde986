import { AsyncLocalStorage } from 'node:async_hooks'

/** The credential a request came through: its session's id, or the API key's id. */
export type RequestCredential = { sessionId: string | null; apiKeyId: number | null }

const storage = new AsyncLocalStorage<RequestCredential>()

/**
 * Runs the rest of the request with its credential known (issue 24: every changelog row records
 * it). Set once by `authenticate`; read where an audit row is written, so the dozens of use cases
 * that write one need not carry it through their signatures.
 */
export function withRequestCredential(credential: RequestCredential, next: () => void) {
  storage.run(credential, next)
}

/** The current request's credential; none outside a request (jobs, start-up). */
export function currentCredential(): RequestCredential {
  return storage.getStore() ?? { sessionId: null, apiKeyId: null }
}
