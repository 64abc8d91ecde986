import type { RequestHandler } from 'express'
import type { Logger } from '../logger'

/**
 * Logs one warning, the first time a request carries `X-Forwarded-For` from a peer that
 * `TRUST_PROXY` does not trust. Its header is then ignored and `req.ip` is the proxy's address, so
 * behind a load balancer missing from TRUST_PROXY every client would share one address's limits.
 * Once per process: the setting is the operator's to fix, not a per-request event.
 */
export function warnUntrustedForwarding(logger: Logger): RequestHandler {
  let warned = false
  return (req, _res, next) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      const trust = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean
      const peer = req.socket.remoteAddress ?? ''
      if (!trust(peer, 0)) {
        warned = true
        logger.warn(
          'X-Forwarded-For arrives from an address TRUST_PROXY does not trust: it is ignored, and per-address limits count every client behind that proxy as one. Set TRUST_PROXY to the proxy (docs/security.md).',
          { peer },
        )
      }
    }
    next()
  }
}
