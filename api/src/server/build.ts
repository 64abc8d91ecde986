import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fingerprint } from './fingerprint'
import { binDir, parts } from './paths'

export type Progress = (line: string) => void

/**
 * Runs a build command, streaming nothing but keeping its output for the error message. Builds
 * always run with NODE_ENV=production, whatever the server's own NODE_ENV is: Next (the CMS)
 * aborts prerendering `/_global-error` under a non-production NODE_ENV, and Vite and Astro
 * would produce development bundles.
 */
export async function runStep(command: string, args: string[], options: { cwd: string; env?: Record<string, string | undefined>; label: string }) {
  const started = Date.now()
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: buildEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-20_000)))
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-20_000)))
  const code: number = await new Promise((resolve) => child.on('close', (exitCode) => resolve(exitCode ?? 1)))
  if (code !== 0) throw new Error(`${options.label} failed (exit ${code}):\n${output.trim().split('\n').slice(-30).join('\n')}`)
  return { seconds: (Date.now() - started) / 1000, output }
}

/** The environment of a build step: the server's, the step's own, and NODE_ENV=production last. */
export function buildEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH}`, ...env, NODE_ENV: 'production' }
}

type Stamp = { fingerprint: string }
const readStamp = (file: string): Stamp | undefined => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Stamp
  } catch {
    return undefined
  }
}

/**
 * Builds a part when its output is missing or its sources changed since the last build,
 * recording what it was built from in a stamp beside the output.
 */
export async function buildIfStale(options: {
  name: string
  sources: string[]
  extra?: string
  output: string
  stampFile: string
  build: () => Promise<unknown>
  progress: Progress
}) {
  const current = fingerprint(options.sources, options.extra)
  const stamp = readStamp(options.stampFile)
  if (stamp?.fingerprint === current && fs.existsSync(options.output)) return false
  options.progress(`building ${options.name}${stamp ? ' (sources changed)' : ''}...`)
  const started = Date.now()
  await options.build()
  // Some builds rewrite files among their own sources (Payload's import map): stamp what is there now.
  const built = fingerprint(options.sources, options.extra)
  fs.mkdirSync(path.dirname(options.stampFile), { recursive: true })
  fs.writeFileSync(options.stampFile, JSON.stringify({ fingerprint: built, builtAt: new Date().toISOString() }))
  options.progress(`built ${options.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return true
}

const sharedSources = [path.join(parts.shared, 'src'), path.join(parts.shared, 'package.json')]

export async function buildWizard(progress: Progress) {
  await buildIfStale({
    name: 'the wizard app',
    sources: [path.join(parts.wizard, 'src'), path.join(parts.wizard, 'index.html'), path.join(parts.wizard, 'vite.config.ts'), ...sharedSources],
    output: path.join(parts.wizard, 'dist', 'index.html'),
    stampFile: path.join(parts.wizard, 'dist', '.build-stamp.json'),
    // A production bundle whatever the server's own NODE_ENV (issue 11): under development/test Vite ships React's dev build.
    build: () => runStep(path.join(binDir, 'vite'), ['build', '--logLevel', 'warn'], { cwd: parts.wizard, label: 'wizard build', env: { NODE_ENV: 'production' } }),
    progress,
  })
}

export async function buildCms(progress: Progress, env: Record<string, string | undefined>) {
  await buildIfStale({
    name: 'the CMS (Next.js, about a minute the first time)',
    sources: [path.join(parts.cms, 'src'), path.join(parts.cms, 'next.config.mjs'), ...sharedSources],
    output: path.join(parts.cms, '.next', 'BUILD_ID'),
    stampFile: path.join(parts.cms, '.next', '.build-stamp.json'),
    build: async () => {
      await runStep(path.join(binDir, 'payload'), ['generate:importmap'], { cwd: parts.cms, env, label: 'CMS import map' })
      await runStep(path.join(binDir, 'next'), ['build'], { cwd: parts.cms, env: { ...env, NEXT_TELEMETRY_DISABLED: '1' }, label: 'CMS build' })
    },
    progress,
  })
}

/**
 * The static site is built from the CMS content of this installation, so it lives under DATA_DIR.
 * It is built beside the live copy and swapped in by rename: a visitor never sees half a site.
 */
const siteSources = [path.join(parts.site, 'src'), path.join(parts.site, 'public'), path.join(parts.site, 'astro.config.mjs'), ...sharedSources]
const siteContent = (contentFile: string) => (fs.existsSync(contentFile) ? fs.readFileSync(contentFile, 'utf8').replace(/"generatedAt":"[^"]*"/, '') : '')

/** What a site build is made from (the site's sources and the CMS content): equal fingerprints, equal sites. */
export function siteFingerprint(contentFile: string): string {
  return fingerprint(siteSources, siteContent(contentFile))
}

export async function buildSite(progress: Progress, { dataDir, contentFile, force = false }: { dataDir: string; contentFile: string; force?: boolean }) {
  const live = siteOutputDir(dataDir)
  await buildIfStale({
    name: 'the public site',
    sources: siteSources,
    extra: force ? String(Date.now()) : siteContent(contentFile),
    output: path.join(live, 'index.html'),
    stampFile: path.join(dataDir, 'site', 'build-stamp.json'),
    build: async () => {
      const next = `${live}.next`
      const old = `${live}.old`
      fs.rmSync(next, { recursive: true, force: true })
      await runStep(path.join(binDir, 'astro'), ['build', '--outDir', next, '--silent'], {
        cwd: parts.site,
        env: { SITE_CONTENT_FILE: contentFile },
        label: 'site build',
      })
      fs.rmSync(old, { recursive: true, force: true })
      if (fs.existsSync(live)) fs.renameSync(live, old)
      fs.renameSync(next, live)
      fs.rmSync(old, { recursive: true, force: true })
    },
    progress,
  })
}

export const siteOutputDir = (dataDir: string) => path.join(dataDir, 'site', 'dist')
export const contentFileFor = (dataDir: string) => path.join(dataDir, 'site', 'content.json')

/**
 * The wizard and CMS builds write into the checkout, which several servers (tests, a second
 * checkout's tools) may share: one builds at a time, the others wait and then find it built.
 */
export async function withBuildLock<T>(work: () => Promise<T>, onWait?: () => void): Promise<T> {
  const lockDir = path.join(parts.api, '..', '.build-lock')
  let waited = false
  for (;;) {
    try {
      fs.mkdirSync(lockDir)
      fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid))
      break
    } catch {
      const owner = Number(fs.readFileSync(path.join(lockDir, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0)
      let alive = false
      try {
        if (owner) process.kill(owner, 0)
        alive = owner > 0
      } catch {}
      if (!alive) {
        fs.rmSync(lockDir, { recursive: true, force: true })
        continue
      }
      if (!waited) onWait?.()
      waited = true
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  try {
    return await work()
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true })
  }
}
