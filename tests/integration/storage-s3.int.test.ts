import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { S3FileStorage } from '../../api/src/storage/s3-storage'
import { LocalFileStorage, streamToBuffer, type FileStorage } from '../../api/src/storage/storage'
import { startS3Fake, type S3Fake } from '../fakes/s3-fake'

let s3: S3Fake
let localRoot: string
const kinds: Record<string, () => FileStorage> = {}

beforeAll(async () => {
  s3 = await startS3Fake()
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'))
  kinds.local = () => new LocalFileStorage(localRoot)
  kinds.s3 = () =>
    new S3FileStorage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    })
})
afterAll(async () => {
  await s3?.close()
  fs.rmSync(localRoot, { recursive: true, force: true })
})

/** The FileStorage contract, the same for the local directory and S3 (the real SDK against s3rver). */
describe.each(['local', 's3'])('FileStorage (%s)', (kind) => {
  const storage = () => kinds[kind]!()

  it('stores, reads, checks and deletes a file', async () => {
    const key = `uploads/${crypto.randomUUID()}.pdf`
    expect(await storage().exists(key)).toBe(false)
    expect(await storage().get(key)).toBeUndefined()
    await storage().put(key, Buffer.from('%PDF-1.7 hello'))
    expect(await storage().exists(key)).toBe(true)
    expect((await streamToBuffer((await storage().get(key))!)).toString()).toBe('%PDF-1.7 hello')
    await storage().delete(key)
    expect(await storage().exists(key)).toBe(false)
    await storage().delete(key) // deleting a missing file is not an error
  })

  it('streams a file larger than one multipart part and reads it back from an offset', async () => {
    const key = `draws/${crypto.randomUUID()}.csv`
    const chunk = Buffer.alloc(1024 * 1024, 'abcdefghij\n')
    let sent = 0
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 12; i++) {
          sent += chunk.length
          yield chunk
        }
      })(),
    )
    const bytes = await storage().putStream!(key, source)
    expect(bytes).toBe(12 * 1024 * 1024)
    expect(sent).toBe(bytes)
    const whole = await streamToBuffer((await storage().get(key))!)
    expect(whole.length).toBe(bytes)
    expect(whole.equals(Buffer.concat(Array(12).fill(chunk)))).toBe(true)
    const tail = await streamToBuffer((await storage().getFrom!(key, bytes - 11))!)
    expect(tail.equals(whole.subarray(bytes - 11))).toBe(true)
  })

  it('leaves nothing behind when the source stream fails', async () => {
    const key = `uploads/${crypto.randomUUID()}.csv`
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 'x'))
        this.destroy(new Error('too large'))
      },
    })
    await expect(storage().putStream!(key, failing)).rejects.toThrow()
    expect(await storage().exists(key)).toBe(false)
  })

  it('lists the keys under a prefix', async () => {
    const prefix = `site/builds/${crypto.randomUUID()}/`
    await storage().put(`${prefix}index.html`, Buffer.from('<h1>home</h1>'))
    await storage().put(`${prefix}about/index.html`, Buffer.from('<h1>about</h1>'))
    expect((await storage().list!(prefix)).sort()).toEqual([`${prefix}about/index.html`, `${prefix}index.html`])
  })

  it('refuses a key that could leave its root', async () => {
    await expect(storage().put('../escape', Buffer.from('x'))).rejects.toThrow(/unsafe storage key/)
  })
})

describe('S3 key prefix (S3_PREFIX)', () => {
  it('keeps every key of an installation under its prefix, and lists them without it', async () => {
    const options = { bucket: s3.bucket, endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }
    const prefixed = new S3FileStorage({ ...options, prefix: 'tenant-a/' })
    const whole = new S3FileStorage(options)
    await prefixed.put('uploads/a.pdf', Buffer.from('%PDF-1.7 a'))
    expect(await whole.exists('tenant-a/uploads/a.pdf')).toBe(true)
    expect(await whole.exists('uploads/a.pdf')).toBe(false)
    expect(await prefixed.list('uploads/')).toEqual(['uploads/a.pdf'])
  })
})
