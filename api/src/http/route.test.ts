import type { AddressInfo } from 'node:net'
import express, { type Router } from 'express'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Logger } from '../logger'
import { errorHandler } from './error-handler'
import { mountRoutes, route, type RouteSpec } from './route'

const noop = () => undefined
const logger: Logger = { debug: noop, info: noop, warn: noop, error: noop }

// Routes in a declared order: static ones, a pattern that also matches a later static path, and a duplicate.
const declared: { method: 'get' | 'post'; path: string; name: string }[] = [
  { method: 'post', path: '/entries/submit', name: 'submit' },
  { method: 'get', path: '/entries/list', name: 'list' },
  { method: 'post', path: '/Entries/Form/Save', name: 'save' },
  { method: 'get', path: '/entries/embed.js', name: 'embed' },
  { method: 'get', path: '/rules/:id', name: 'rule' },
  { method: 'get', path: '/rules/current', name: 'current (behind the pattern)' },
  { method: 'post', path: '/entries/submit', name: 'second submit' },
  { method: 'post', path: '/rules/save', name: 'rules save' },
]
const specs: RouteSpec[] = declared.map(({ method, path, name }) =>
  route({ method, path, summary: name, access: 'public', handler: async ({ req }) => ({ name, params: req.params }) }),
)

/** The same routes on a plain Express router: what the mounted router must answer alike. */
function reference(): Router {
  const router = express.Router({ caseSensitive: false })
  for (const { method, path, name } of declared) router[method](path, (req, res) => void res.json({ name, params: req.params }))
  return router
}

const servers: { close: () => void }[] = []
const bases: Record<'mounted' | 'reference', string> = { mounted: '', reference: '' }
beforeAll(async () => {
  for (const [which, router] of [
    ['mounted', mountRoutes(specs)],
    ['reference', reference()],
  ] as const) {
    const app = express()
    app.use(express.json())
    app.use('/api', router)
    app.use((_req, res) => void res.status(404).json({ name: 'none' }))
    app.use(errorHandler(logger))
    const server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    servers.push(server)
    bases[which] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }
})
afterAll(() => {
  for (const server of servers) server.close()
})

const answer = async (base: string, method: string, path: string) => {
  const response = await fetch(`${base}/api${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined })
  const text = await response.text()
  // HEAD answers carry no body.
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

describe('the mounted routes (exact paths answered without trying every route before them)', () => {
  it('answer every request as Express matching the declared routes in order would', async () => {
    const segment = fc.constantFrom(
      'entries',
      'ENTRIES',
      'Entries',
      'submit',
      'SUBMIT',
      'list',
      'form',
      'save',
      'Save',
      'embed.js',
      'rules',
      'current',
      '42',
      's%75bmit',
      '',
      'x',
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'HEAD'),
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('', '/', '//'),
        async (method, parts, tail) => {
          const path = `/${parts.join('/')}${tail}`
          const [mounted, expected] = await Promise.all([answer(bases.mounted, method, path), answer(bases.reference, method, path)])
          expect(mounted, `${method} ${path}`).toEqual(expected)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('answers the first of two routes declared for one path, and a pattern declared before a path wins as in Express', async () => {
    expect((await answer(bases.mounted, 'POST', '/entries/submit/')).body.name).toBe('submit')
    expect((await answer(bases.mounted, 'POST', '/ENTRIES/SUBMIT')).body.name).toBe('submit')
    expect((await answer(bases.mounted, 'GET', '/rules/current')).body.name).toBe('rule')
    expect((await answer(bases.mounted, 'POST', '/rules/save')).body.name).toBe('rules save')
  })
})
