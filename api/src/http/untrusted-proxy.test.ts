import type { AddressInfo } from 'node:net'
import express from 'express'
import { describe, expect, it } from 'vitest'
import type { Logger } from '../logger'
import { warnUntrustedForwarding } from './untrusted-proxy'

/** An app with the warning in front, and the warnings it logged. */
async function serve(trustProxy: string | boolean) {
  const warnings: { message: string; fields?: Record<string, unknown> }[] = []
  const noop = () => undefined
  const logger: Logger = { debug: noop, info: noop, error: noop, warn: (message, fields) => void warnings.push({ message, fields }) }
  const app = express()
  app.set('trust proxy', trustProxy)
  app.use(warnUntrustedForwarding(logger))
  app.get('/', (req, res) => void res.send(req.ip))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const get = (headers: Record<string, string> = {}) => fetch(base, { headers }).then((r) => r.text())
  return { warnings, get, close: () => new Promise((resolve) => server.close(resolve)) }
}

describe('warnUntrustedForwarding', () => {
  it('warns once when X-Forwarded-For comes from a peer TRUST_PROXY does not trust', async () => {
    const app = await serve('10.0.0.0/8')
    try {
      expect(await app.get()).toBe('127.0.0.1')
      expect(app.warnings).toEqual([])
      expect(await app.get({ 'x-forwarded-for': '198.51.100.7' })).toBe('127.0.0.1')
      await app.get({ 'x-forwarded-for': '198.51.100.8' })
      expect(app.warnings).toHaveLength(1)
      expect(app.warnings[0]!.message).toMatch(/TRUST_PROXY/)
      expect(app.warnings[0]!.fields).toEqual({ peer: '127.0.0.1' })
    } finally {
      await app.close()
    }
  })

  it('stays quiet when the peer is trusted, or with no header', async () => {
    const app = await serve('loopback')
    try {
      expect(await app.get({ 'x-forwarded-for': '198.51.100.7' })).toBe('198.51.100.7')
      expect(app.warnings).toEqual([])
    } finally {
      await app.close()
    }
  })
})
