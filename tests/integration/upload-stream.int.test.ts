import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { MSG_UPLOAD_ERROR } from '@permitdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, type Customer } from '../factories/promotions'
import { startTestApi, type TestApi } from '../setup/test-api'
import { pollUntil } from '../setup/poll'

/** Issue 18: uploads are streamed into storage as they arrive, never whole in memory. */
let api: TestApi
let alice: Customer
beforeAll(async () => {
  api = await startTestApi()
  alice = await createCustomer(api)
})
afterAll(async () => {
  await api?.close()
  fs.rmSync(api.config.DATA_DIR, { recursive: true, force: true })
})

const uploadsDir = () => path.join(api.config.DATA_DIR, 'uploads')
const storedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : [])
const uploadCount = async () => (await api.database.db.execute(sql`select count(*)::int as n from app.uploads`)).rows[0]!.n as number

/** A multipart upload written by hand, so the test decides when each part of the body is sent. */
function slowUpload(fileName: string) {
  const boundary = '----permitdesk-test-boundary'
  const url = new URL(`${api.baseUrl}/api/Upload`)
  const cookie = ['pd_session', '__Host-pd_session']
    .map((name) => alice.client.cookie(name) && `${name}=${alice.client.cookie(name)}`)
    .filter(Boolean)
    .join('; ')
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: api.baseUrl, cookie, 'transfer-encoding': 'chunked' },
  })
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    request.on('close', () => reject(new Error('closed')))
    request.on('response', (response) => {
      let text = ''
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode!, body: text ? JSON.parse(text) : undefined }))
    })
    request.on('error', reject)
  })
  request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  return {
    write: (bytes: Buffer) => new Promise<void>((resolve) => request.write(bytes, () => resolve())),
    finish: () => {
      request.end(`\r\n--${boundary}--\r\n`)
      return answer
    },
    abort: () => {
      answer.catch(() => {})
      request.destroy()
    },
  }
}

const until = (condition: () => boolean) => pollUntil(condition, 'the upload to get there', { intervalMs: 20 })

describe('POST /api/Upload streams', () => {
  it('writes the file into storage while the request is still arriving', async () => {
    const before = storedFiles()
    const upload = slowUpload('entries.csv')
    const line = Buffer.from('Anna Citizen,anna@example.com,0400 000 000\n')
    const megabyte = Buffer.concat(Array(Math.ceil((1024 * 1024) / line.length)).fill(line))
    for (let i = 0; i < 2; i++) await upload.write(megabyte)
    // Two megabytes sent, the body not finished: part of the file is already in storage.
    await until(() =>
      storedFiles().some((name) => !before.includes(name) && name.endsWith('.tmp') && fs.statSync(path.join(uploadsDir(), name)).size > 256 * 1024),
    )
    for (let i = 0; i < 3; i++) await upload.write(megabyte)
    const answer = await upload.finish()
    expect(answer.status).toBe(201)
    const stored = fs.readFileSync(path.join(uploadsDir(), answer.body.serverFileName))
    expect(stored.length).toBe(5 * megabyte.length)
    expect(storedFiles().filter((name) => name.endsWith('.tmp'))).toEqual([])
    const [row] = (await api.database.db.execute(sql`select size_bytes from app.uploads where server_file_name = ${answer.body.serverFileName}`)).rows
    expect(Number(row!.size_bytes)).toBe(5 * megabyte.length)
  })

  it('refuses a CSV that turns binary past the first bytes, and keeps nothing', async () => {
    const before = storedFiles()
    const count = await uploadCount()
    const upload = slowUpload('entries.csv')
    await upload.write(Buffer.alloc(2 * 1024 * 1024, 'name,email\n'))
    await upload.write(Buffer.from([0x00, 0x01, 0x02, 0x7f, 0x45, 0x4c, 0x46]))
    const answer = await upload.finish()
    expect(answer.status).toBe(400)
    expect(answer.body.modelState.file[0]).toMatch(/not one we accept/)
    expect(storedFiles()).toEqual(before)
    expect(await uploadCount()).toBe(count)
  })

  it('stops a file at 10MB with the spec message, keeping nothing', async () => {
    const before = storedFiles()
    const count = await uploadCount()
    const upload = slowUpload('big.csv')
    const megabyte = Buffer.alloc(1024 * 1024, 'a,b\n')
    for (let i = 0; i < 11; i++) await upload.write(megabyte)
    const answer = await upload.finish()
    expect(answer.status).toBe(413)
    expect(answer.body.message).toBe(MSG_UPLOAD_ERROR)
    expect(storedFiles()).toEqual(before)
    expect(await uploadCount()).toBe(count)
  })

  it('survives a client that goes away mid-file: nothing kept, the server still answers', async () => {
    const before = storedFiles()
    const count = await uploadCount()
    for (const name of ['entries.csv', 'terms.pdf']) {
      const upload = slowUpload(name)
      await upload.write(name.endsWith('.pdf') ? Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024, 1)]) : Buffer.alloc(1024 * 1024, 'a,b\n'))
      upload.abort()
    }
    await until(() => storedFiles().length === before.length)
    expect(storedFiles()).toEqual(before)
    expect(await uploadCount()).toBe(count)
    const data = new FormData()
    data.append('file', new Blob([Buffer.from('%PDF-1.7\n%%EOF\n')]), 'after.pdf')
    expect((await alice.client.upload('/api/Upload', data)).status).toBe(201)
  })
})
