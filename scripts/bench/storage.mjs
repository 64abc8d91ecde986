/**
 * Streamed uploads (issue 18): `POST /api/Upload` of 8 files of 10 MB at once, through the real
 * gateway, with STORAGE=local and STORAGE=s3 (s3rver, the real AWS SDK): megabytes per second
 * beside a bare Node `http` server in its own process that reads and discards the same bodies
 * (the ratio), and how much the server's peak memory grew (held in memory, 8 files would add at
 * least 80 MB; streamed to a local disk it stays near the 256 KB head per file plus buffers; to S3,
 * lib-storage holds the 5 MB parts in flight: up to 2 per upload, i.e. a whole 10 MB file).
 *   node scripts/bench/storage.mjs        (BENCH_UPLOADS=8 BENCH_ROUNDS=3)
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { benchDataDir, listenAndAnnounce, rawRequest, startApiDatabase, startChild, stopChild, stopOnSignal } from './lib.mjs'

const UPLOADS = Number(process.env.BENCH_UPLOADS || 8)
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3)
const FILE_BYTES = 10 * 1024 * 1024 - 4096

async function serveBare() {
  listenAndAnnounce(
    http.createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json' })
        res.end('{}')
      })
    }),
  )
}

async function serveApp(kind) {
  const dataDir = benchDataDir(`storage-${kind}`)
  // The S3 server runs in the bench's own process, so its memory is not counted as the app's.
  const s3env = kind === 's3' ? JSON.parse(process.argv[4]) : {}
  const api = await startApiDatabase(dataDir)
  const { createGateway } = await import('../../api/src/server/gateway.ts')
  const userId = await api.insertUser({ email: 'bench-upload@example.com', firstName: 'Bench', lastName: 'Upload', accountName: 'Uploads' })
  const token = await api.createSession(userId)
  const config = api.config(s3env)
  const siteDir = path.join(dataDir, 'site')
  fs.mkdirSync(siteDir, { recursive: true })
  const server = listenAndAnnounce(createGateway({ api: api.createApp(config), config, siteDir }), { token, origin: config.publicOrigin })
  stopOnSignal(dataDir, () => server.close(), api.stop)
}

const start = (...args) => startChild(import.meta.filename, args, { label: args.join(' ') })

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/** One PDF-looking file of FILE_BYTES (a PDF header, then random bytes), as a multipart body. */
function multipartBody() {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`
  const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(FILE_BYTES - 9)])
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

/** UPLOADS bodies at once, ROUNDS times: megabytes per second, and failures. */
async function uploadLoad(port, headers) {
  const { body, type } = multipartBody()
  let failures = 0
  const started = performance.now()
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: UPLOADS }, () =>
        rawRequest({ port, method: 'POST', path: '/api/Upload', headers: { 'content-type': type, 'content-length': body.length, ...headers } }, body).then(
          (status) => {
            if (status !== 201) failures++
          },
        ),
      ),
    )
  }
  const seconds = (performance.now() - started) / 1000
  return { mbps: (UPLOADS * ROUNDS * FILE_BYTES) / 1024 / 1024 / seconds, failures }
}

async function startS3() {
  const { default: S3rver } = await import('s3rver')
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-s3rver-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'bench', configs: [] }] })
  const address = await server.run()
  return {
    env: {
      STORAGE: 's3',
      S3_BUCKET: 'bench',
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}

export async function run(report = console.log) {
  const bare = await start('--bare')
  const s3 = await startS3()
  try {
    for (const kind of ['local', 's3']) {
      const app = await start('--app', kind, JSON.stringify(s3.env))
      try {
        const headers = { cookie: `pd_session=${app.token}`, origin: app.origin }
        const baseline = await uploadLoad(bare.port, {})
        const before = memoryOf(app.child.pid)
        const ours = await uploadLoad(app.port, headers)
        const after = memoryOf(app.child.pid)
        report(
          `storage: POST /api/Upload (${kind}), ${UPLOADS} × 10 MB at once, ${ROUNDS} rounds: ${ours.mbps.toFixed(0)} MB/s vs bare Node reading the same bodies ${baseline.mbps.toFixed(0)} MB/s = ratio ${(ours.mbps / baseline.mbps).toFixed(2)}; ` +
            `server peak memory grew ${Math.max(0, after.peak - Math.max(before.peak, before.rss)).toFixed(0)} MB (RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB; the files of one round total ${((UPLOADS * FILE_BYTES) / 1024 / 1024).toFixed(0)} MB); ${ours.failures} failed`,
        )
      } finally {
        await stopChild(app.child)
      }
    }
  } finally {
    await stopChild(bare.child)
    await s3.close()
  }
}

if (process.argv[2] === '--bare') await serveBare()
else if (process.argv[2] === '--app') await serveApp(process.argv[3])
else if (import.meta.filename === process.argv[1]) await run()
