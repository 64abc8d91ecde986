import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppDeps } from '../deps'
import { apiKeyCacheFor, type ApiKeyCache } from '../modules/api-keys/api-key-cache'
import { admitApiKey, confirmApiKey, hashApiKey } from '../modules/api-keys/api-keys'
import { withRequestCredential } from '../modules/changelog/request-credential'
import { EnterBody, enterViaForm, isIdempotencyKey, SubmitBody, submitViaApiKey } from '../modules/entries/entries.routes'
import { readBearerToken, readSessionToken } from './auth'
import { FORM_BODY_LIMIT_BYTES } from './body-limits'
import { errorAnswer } from './error-handler'
import { answerJson, fromThisOrigin, handOver, type HotPath, parseStrictJson, readSmallBody, smallBodyLength } from './hot-path-io'

/**
 * An entry's two calls in a burst (issue 27: a television advert, 1,500 entries a second), answered
 * before Express for their plainly common case, by the routes' own use cases (entries.routes.ts),
 * with the status, headers and body Express gives (tests/integration/hot-paths.int.test.ts compares
 * the two): `POST /api/entries/submit` with an API key this process has cached, and
 * `POST /api/entries/enter` from the hosted form, not signed in. Under that load the API app's
 * router and middleware cost about as much as the entry itself.
 *
 * Decided on the headers before the body is read, everything else goes to Express unread: HEAD, a
 * query string, another spelling of the path, a forwarded request, a session cookie, a body that
 * is not small JSON (a receipt's photo), no Idempotency-Key; on the form, an API key or another
 * origin. Once the body is read, JSON the parser refuses, a body the route's schema refuses, or a
 * key not in the cache goes to Express with the body (or the parser's error) handed over, so the
 * answer is the route's own. From then on the use case runs here, and its refusals (the daily
 * limit, a closed form, an unknown promotion, the key's rate limit) are answered as the error
 * handler answers them.
 */
export function entryHotPaths(deps: AppDeps): HotPath {
  // Made at the first key's request, as authenticate makes it (building the route list needs no database).
  let cache: ApiKeyCache | undefined
  const { publicOrigin, secureCookies } = deps.config
  const fail = (req: IncomingMessage, res: ServerResponse, headers: Readonly<Record<string, string>>, path: string) => (error: unknown) => {
    const { status, body, retryAfter } = errorAnswer(error, deps.logger, { method: req.method, path })
    answerJson(res, headers, status, body, retryAfter ? { 'Retry-After': retryAfter } : undefined)
  }

  // Writing the answer itself failed (the client went away mid-answer): logged, the connection closed, never an unhandled rejection.
  const lost = (res: ServerResponse) => (error: unknown) => {
    deps.logger.error('entry answer not written', { error: error instanceof Error ? error.message : String(error) })
    res.destroy()
  }

  const submit: HotPath = (req, res, headers, express) => {
    const h = req.headers
    // A cookie beside the key puts the call under the CSRF check (same-origin.ts): Express's.
    if (h.cookie !== undefined || h['x-forwarded-for'] !== undefined) return false
    const bearer = readBearerToken(h.authorization)
    if (!bearer || bearer.length > 200) return false
    const idempotencyKey = h['idempotency-key']
    if (typeof idempotencyKey !== 'string' || !isIdempotencyKey(idempotencyKey)) return false
    const length = smallBodyLength(req, FORM_BODY_LIMIT_BYTES)
    if (length === undefined) return false
    readSmallBody(req, length, (text) => {
      const preread = parseStrictJson(text)
      if ('error' in preread) return handOver(req, res, express, preread)
      const parsed = SubmitBody.safeParse(preread.body)
      if (!parsed.success) return handOver(req, res, express, preread)
      const keys = (cache ??= apiKeyCacheFor(deps.database.notifications))
      const keyHash = hashApiKey(bearer)
      // As the cache holds it now, without the round trip that catches up with revocations
      // (ApiKeyCache.lookup): the statement storing the entry checks the key is live, and any other
      // answer (a refusal, a replay, an error of the entry's fields) is given only once confirmCaller
      // has caught up (a revoked key then answers 401, as authenticate would).
      const found = keys.get(keyHash, Date.now())
      if (!found) return handOver(req, res, express, preread)
      const confirmCaller = () => confirmApiKey(deps.database.db, keyHash, keys, { keyId: found.key.id, userId: found.key.userId })
      withRequestCredential({ sessionId: null, apiKeyId: found.key.id }, () => {
        admitApiKey(deps.database.db, found, { entries: true })
          // Over the key's budget: a revoked key is told it is revoked first.
          .catch(async (error: unknown) => {
            await confirmCaller()
            throw error
          })
          .then(({ user, apiKey }) =>
            submitViaApiKey(deps, { userId: user.id, isStaff: user.isStaff }, parsed.data, {
              ip: req.socket.remoteAddress,
              apiKeyId: apiKey.id,
              idempotencyKey,
              confirmCaller,
            }),
          )
          .then((accepted) => answerJson(res, headers, 201, accepted), fail(req, res, headers, '/entries/submit'))
          .catch(lost(res))
      })
    })
    return true
  }

  const enter: HotPath = (req, res, headers, express) => {
    const h = req.headers
    // An API key is judged (and may be refused) by authenticate; a signed-in entrant's session is looked up: Express's.
    if (h.authorization !== undefined || h['x-forwarded-for'] !== undefined || readSessionToken(h.cookie, secureCookies)) return false
    const length = smallBodyLength(req, FORM_BODY_LIMIT_BYTES)
    if (length === undefined) return false
    // The CSRF rule (same-origin.ts): the hosted form and its embed are pages of this origin.
    if (!fromThisOrigin(req, publicOrigin)) return false
    readSmallBody(req, length, (text) => {
      const preread = parseStrictJson(text)
      if ('error' in preread) return handOver(req, res, express, preread)
      const parsed = EnterBody.safeParse(preread.body)
      if (!parsed.success) return handOver(req, res, express, preread)
      enterViaForm(deps, parsed.data, { ip: req.socket.remoteAddress, userAgent: h['user-agent'] })
        .then((accepted) => answerJson(res, headers, 201, accepted), fail(req, res, headers, '/entries/enter'))
        .catch(lost(res))
    })
    return true
  }

  return (req, res, headers, express) => {
    if (req.method !== 'POST') return false
    if (req.url === '/api/entries/submit') return submit(req, res, headers, express)
    if (req.url === '/api/entries/enter') return enter(req, res, headers, express)
    return false
  }
}
