/**
 * The CMS's REST routes without a Next build (issue 24): the gateway of api/src/server/gateway.ts
 * in front of Payload's own REST handler (`handleEndpoints`, which the Next route
 * cms/src/app/(payload)/cms-api/[...slug]/route.ts calls), over the test API's database. Every
 * request meets the gateway's checks (origin, body limits) and then Payload's real access rules.
 * `reached` counts the requests that got through to Payload.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { Payload } from 'payload'
import { createGateway } from '../../api/src/server/gateway'
import { startPayload } from './payload'
import { Client, type TestApi } from './test-api'

export type CmsGateway = { payload: Payload; baseUrl: string; client: () => Client; reached: () => number; close: () => Promise<void> }

export async function startCmsGateway(api: TestApi): Promise<CmsGateway> {
  const cms = await startPayload(api)
  const { payload, config } = cms
  const { handleEndpoints } = await import('payload')
  let reached = 0
  const siteDir = path.join(api.config.DATA_DIR, 'site')
  fs.mkdirSync(siteDir, { recursive: true })
  fs.writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>site</title>')
  const gateway = createGateway({
    api: api.app,
    config: api.config,
    siteDir,
    cms: async (req, res) => {
      reached += 1
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const url = new URL(req.originalUrl, `http://${req.headers.host}`)
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value)
      const request = new Request(url, { method: req.method, headers, body: ['GET', 'HEAD'].includes(req.method) ? undefined : Buffer.concat(chunks) })
      const response = await handleEndpoints({ config, request, path: url.pathname })
      res.status(response.status)
      response.headers.forEach((value, name) => {
        if (name !== 'content-encoding' && name !== 'content-length') res.setHeader(name, value)
      })
      res.end(Buffer.from(await response.arrayBuffer()))
    },
  })
  const server = gateway.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    payload,
    baseUrl,
    client: () => new Client(baseUrl),
    reached: () => reached,
    close: async () => {
      await new Promise((resolve) => server.close(resolve))
      await cms.close()
    },
  }
}
