/**
 * Platform figures (issue 2): warm start to healthy, resident memory of the running stack, and the
 * home page's weight. Starts its own server on a spare port with its own data directory.
 *   node scripts/bench/platform.mjs
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import zlib from 'node:zlib'
import { benchDataDir, spawnStack, stopChild as stop, waitForHealthy } from './lib.mjs'

const port = Number(process.env.BENCH_PORT || 3700)
const dataDir = benchDataDir('platform')

/** The stack on the data directory as it is, and the seconds from spawning it to healthy. */
async function startAndTime() {
  const started = performance.now()
  const server = spawnStack({ port, dataDir })
  await waitForHealthy(server, port)
  return { child: server.child, seconds: (performance.now() - started) / 1000 }
}

function rssKb(pid) {
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim() || 0)
}
function postgresRssKb() {
  const lines = execFileSync('ps', ['-eo', 'rss,args']).toString().split('\n')
  return lines.filter((line) => line.includes(dataDir)).reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[0]), 0)
}

export async function run(report = console.log) {
  fs.rmSync(dataDir, { recursive: true, force: true })
  const first = await startAndTime()
  report(`platform: first start on a fresh data directory (builds cached) ${first.seconds.toFixed(1)} s to healthy`)
  await stop(first.child)

  const warm = await startAndTime()
  report(`platform: warm start ${warm.seconds.toFixed(1)} s to healthy (target under 10 s)`)
  // Touch each part once so the memory figure is of a stack that has served all of them.
  for (const p of ['/', '/cms/login', '/account/login/', '/api/health']) await fetch(`http://127.0.0.1:${port}${p}`).then((r) => r.arrayBuffer())
  report(`platform: resident memory: server ${(rssKb(warm.child.pid) / 1024).toFixed(0)} MB, PostgreSQL ${(postgresRssKb() / 1024).toFixed(0)} MB`)

  const html = Buffer.from(await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer())
  const assets = [...html.toString().matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1])
  let js = 0
  let jsGz = 0
  let css = 0
  for (const asset of assets) {
    const body = Buffer.from(await (await fetch(`http://127.0.0.1:${port}${asset}`)).arrayBuffer())
    if (asset.endsWith('.js')) {
      js += body.length
      jsGz += zlib.gzipSync(body).length
    } else css += body.length
  }
  report(`platform: home page HTML ${html.length} B (${zlib.gzipSync(html).length} B gzip), JS referenced up front ${js} B (${jsGz} B gzip), CSS ${css} B`)
  await stop(warm.child)
  fs.rmSync(dataDir, { recursive: true, force: true })
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
