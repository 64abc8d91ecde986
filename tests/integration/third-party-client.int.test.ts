/**
 * Issue 11 "Quality bar": a third-party client that knows only /api/openapi.json. It finds each
 * call in the document, checks what it sends and what it receives against the documented JSON
 * Schemas (with Ajv, independently of our zod schemas), registers, creates an API key, creates a
 * $20,000 NSW+ACT promotion with it, reads the fees in dollars, saves back what it read and lists.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linkIn, waitForMail } from '../setup/accounts'
import { Client, startTestApi, type TestApi } from '../setup/test-api'

let api: TestApi
let doc: any
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })

beforeAll(async () => {
  api = await startTestApi()
  doc = (await new Client(api.baseUrl).get('/api/openapi.json')).body
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc')
})
afterAll(async () => api?.close())

/** The documented operation for a method and path, or a test failure naming what is missing. */
function operation(method: string, path: string) {
  const op = doc.paths[path]?.[method]
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in openapi.json`)
  return op
}

function check(schema: unknown, value: unknown, what: string) {
  const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')))
  if (!validate(value)) throw new Error(`${what} does not match the documented schema: ${ajv.errorsText(validate.errors)}`)
}

/** Calls an operation as the document describes it: checks the body sent and the answer received. */
async function call(
  client: Client,
  method: 'get' | 'post',
  path: string,
  input: { query?: Record<string, string | number>; body?: unknown; headers?: Record<string, string> } = {},
) {
  const op = operation(method, path)
  if (input.body !== undefined) check(op.requestBody.content['application/json'].schema, input.body, `${method} ${path} request`)
  for (const name of Object.keys(input.query ?? {}))
    expect(
      op.parameters.map((p: { name: string }) => p.name),
      `${path} ?${name}`,
    ).toContain(name)
  const search = input.query ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}` : ''
  const answer = method === 'get' ? await client.get(path + search, input.headers) : await client.post(path, input.body, input.headers)
  const documented = op.responses[String(answer.status)]
  expect(documented, `${method} ${path} answered ${answer.status}: ${answer.text}`).toBeDefined()
  const schema = documented.content?.['application/json']?.schema
  if (schema && answer.body !== undefined) check(schema, answer.body, `${method} ${path} answer ${answer.status}`)
  return answer
}

describe('a third-party client working from /api/openapi.json alone', () => {
  it('registers, uses an API key, creates a $20,000 NSW+ACT promotion, reads fees in dollars, saves back and lists', async () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' })

    // 1. Register and confirm (a person does this once), then sign in to make a key.
    const browser = new Client(api.baseUrl)
    const email = `agency-${Date.now()}@example.test`
    const registration = {
      email,
      password: 'correct horse battery',
      firstName: 'Ada',
      lastName: 'Agent',
      accountName: 'Ada Agency Pty Ltd',
      phone: '0299990000',
      authorisedAgent: false,
      agreedTerms: true,
    }
    expect((await call(browser, 'post', '/api/account/register', { body: registration })).status).toBe(200)
    const link = new URL(linkIn(await waitForMail(email, /Confirm your email/, { dataDirs: [api.config.DATA_DIR] }), '/api/account/confirmEmail'))
    expect((await browser.get(link.pathname + link.search)).status).toBe(303)
    expect((await call(browser, 'post', '/api/account/login', { body: { email, password: registration.password } })).status).toBe(200)
    const created = await call(browser, 'post', '/api/apiKey/create', { body: { name: 'Lodgement script' } })
    expect(created.status).toBe(200)
    const key: string = created.body.key

    // 2. From here on: a script with only the key (no cookie, no Origin).
    const script = new Client(api.baseUrl, '')
    const auth = { authorization: `Bearer ${key}`, origin: '' }
    const create = operation('post', '/api/promotion/create')
    expect(create.security).toContainEqual({ apiKey: [] })
    const body = {
      name: 'Agency winter draw',
      ausStates: { nsw: true, act: true },
      totalPrizeValue: 20000,
      hasNswAuthority: false,
      winnersDrawnElectronically: false,
    }
    const made = await call(script, 'post', '/api/promotion/create', { body, headers: { ...auth, 'idempotency-key': 'winter-draw-1' } })
    expect(made.status).toBe(200)
    const id = made.body.id

    // 3. Read it: the amounts are dollars.
    const read = await call(script, 'get', '/api/promotion/get', { query: { id }, headers: auth })
    expect(read.status).toBe(200)
    expect(read.body.totalPrizeValue).toBe(20000)
    expect(read.body.permit).toMatchObject({ feeDue_NSW: 468, feeDue_ACT: 721, feeDue_Service: 270 })

    // 4. Save back exactly what it read, with one change.
    const saved = await call(script, 'post', '/api/promotion/save', { body: { ...read.body, name: 'Agency winter draw 2026' }, headers: auth })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ name: 'Agency winter draw 2026', versionNumber: read.body.versionNumber + 1, totalPrizeValue: 20000 })
    expect(saved.body.permit).toMatchObject({ feeDue_NSW: 468, feeDue_ACT: 721, feeDue_Service: 270 })

    // 5. List.
    const list = await call(script, 'get', '/api/promotion/list', { query: { count: 10 }, headers: auth })
    expect(list.status).toBe(200)
    expect(list.body.promotions).toContainEqual(expect.objectContaining({ id, name: 'Agency winter draw 2026', totalPrizeValue: 20000 }))

    // Errors are documented too: an amount with three decimals is a 400 in the documented error shape.
    const bad = await call(script, 'post', '/api/promotion/create', { body: { ...body, totalPrizeValue: 20000.005 }, headers: auth })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.modelState)).toEqual(['totalPrizeValue'])
  })
})
