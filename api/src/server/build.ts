import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fingerprint } from './fingerprint'
import type { CmsBuildStep } from '@permitdesk/shared'
import type { SiteContent } from '@permitdesk/shared/site-content'
import { binDir, parts, repoRoot } from './paths'
import { VERIFY_PANEL_BUNDLE, VERIFY_PANEL_SOURCE } from '../modules/draws/verify-panel-bundle'

export type Progress = (line: string) => void

/**
 * Runs a build command, streaming nothing but keeping its output for the error message. Builds
 * always run with NODE_ENV=production, whatever the server's own NODE_ENV is: Next (the CMS)
 * aborts prerendering `/_global-error` under a non-production NODE_ENV, and Vite and Astro
 * would produce development bundles.
 */
export async function runStep(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined>; label: string; onLine?: (line: string) => void; signal?: AbortSignal },
) {
  const started = Date.now()
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: buildEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    // A build behind a running server is stopped with it (main.ts aborts on shutdown).
    signal: options.signal,
  })
  child.on('error', () => {})
  let output = ''
  // Whole lines to onLine: a chunk may end mid-line (one buffer per stream).
  const keep = () => {
    let partial = ''
    return (chunk: Buffer) => {
      output = (output + chunk).slice(-20_000)
      if (!options.onLine) return
      const lines = (partial + chunk).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines) if (line.trim()) options.onLine(line)
    }
  }
  child.stdout.on('data', keep())
  child.stderr.on('data', keep())
  const code: number = await new Promise((resolve) => child.on('close', (exitCode) => resolve(exitCode ?? 1)))
  if (options.signal?.aborted) throw new Error(`${options.label} was stopped`)
  if (code !== 0) throw new Error(`${options.label} failed (exit ${code}):\n${output.trim().split('\n').slice(-30).join('\n')}`)
  return { seconds: (Date.now() - started) / 1000, output }
}

/** The environment of a build step: the server's, the step's own, and NODE_ENV=production last. */
export function buildEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH}`, ...env, NODE_ENV: 'production' }
}

type Stamp = { fingerprint: string; seconds?: number }
const readStamp = (file: string): Stamp | undefined => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Stamp
  } catch {
    return undefined
  }
}

type BuildTarget = { sources: string[]; extra?: string; output: string; stampFile: string }

/** True when the part's output is there and was built from the sources as they are now. */
export function isBuilt(target: BuildTarget): boolean {
  return readStamp(target.stampFile)?.fingerprint === fingerprint(target.sources, target.extra) && fs.existsSync(target.output)
}

/** The seconds the part's last build took, from its stamp (the preparing page's estimate). */
export const lastBuildSeconds = (target: BuildTarget): number | undefined => readStamp(target.stampFile)?.seconds

/**
 * Builds a part when its output is missing or its sources changed since the last build,
 * recording what it was built from in a stamp beside the output.
 */
export async function buildIfStale(
  options: BuildTarget & {
    name: string
    build: () => Promise<unknown>
    progress: Progress
  },
) {
  const current = fingerprint(options.sources, options.extra)
  const stamp = readStamp(options.stampFile)
  if (stamp?.fingerprint === current && fs.existsSync(options.output)) return false
  options.progress(`building ${options.name}${stamp ? ' (sources changed)' : ''}...`)
  const started = Date.now()
  await options.build()
  // Some builds rewrite files among their own sources (Payload's import map): stamp what is there now.
  const built = fingerprint(options.sources, options.extra)
  const seconds = (Date.now() - started) / 1000
  fs.mkdirSync(path.dirname(options.stampFile), { recursive: true })
  fs.writeFileSync(options.stampFile, JSON.stringify({ fingerprint: built, seconds, builtAt: new Date().toISOString() }))
  options.progress(`built ${options.name} in ${seconds.toFixed(1)} s`)
  return true
}

const sharedSources = [path.join(parts.shared, 'src'), path.join(parts.shared, 'package.json')]

const wizardTarget: BuildTarget = {
  sources: [path.join(parts.wizard, 'src'), path.join(parts.wizard, 'index.html'), path.join(parts.wizard, 'vite.config.ts'), ...sharedSources],
  output: path.join(parts.wizard, 'dist', 'index.html'),
  stampFile: path.join(parts.wizard, 'dist', '.build-stamp.json'),
}

export const isWizardBuilt = () => isBuilt(wizardTarget)

export async function buildWizard(progress: Progress) {
  await buildIfStale({
    ...wizardTarget,
    name: 'the wizard app',
    // A production bundle whatever the server's own NODE_ENV (issue 11): under development/test Vite ships React's dev build.
    build: () =>
      runStep(path.join(binDir, 'vite'), ['build', '--logLevel', 'warn'], { cwd: parts.wizard, label: 'wizard build', env: { NODE_ENV: 'production' } }),
    progress,
  })
}

/** The public draw page's verify panel (issue 15), bundled here and not when a page is asked for (issue 31). */
const drawVerifierTarget: BuildTarget = {
  sources: [VERIFY_PANEL_SOURCE, ...sharedSources],
  output: VERIFY_PANEL_BUNDLE,
  stampFile: path.join(path.dirname(VERIFY_PANEL_BUNDLE), '.build-stamp.json'),
}

export const isDrawVerifierBuilt = () => isBuilt(drawVerifierTarget)

export async function buildDrawVerifier(progress: Progress) {
  await buildIfStale({
    ...drawVerifierTarget,
    name: 'the draw verify panel',
    build: async () => {
      const esbuild = await import('esbuild')
      await esbuild.build({
        entryPoints: [VERIFY_PANEL_SOURCE],
        outfile: VERIFY_PANEL_BUNDLE,
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        logLevel: 'warning',
      })
    },
    progress,
  })
}

/**
 * The CMS admin's build: its output (Next's distDir, `.next` unless CMS_BUILD_DIR names another,
 * which cms/next.config.mjs reads) is keyed by a hash of what it is built from: the CMS sources,
 * the Next config, the shared package and the lockfile (the versions of Next, Payload, React).
 */
export function cmsTarget(buildDir = '.next'): BuildTarget {
  const dir = path.join(parts.cms, buildDir)
  return {
    sources: [
      path.join(parts.cms, 'src'),
      path.join(parts.cms, 'next.config.mjs'),
      path.join(parts.cms, 'package.json'),
      path.join(repoRoot, 'package-lock.json'),
      ...sharedSources,
    ],
    output: path.join(dir, 'BUILD_ID'),
    stampFile: path.join(dir, '.build-stamp.json'),
  }
}

export const isCmsBuilt = (buildDir?: string) => isBuilt(cmsTarget(buildDir))

/** What the Next build prints as it goes, to the step of CMS_BUILD_STEPS it begins. */
const NEXT_BUILD_STEPS: Array<[RegExp, CmsBuildStep]> = [
  [/Creating an optimized production build/i, 'compiling'],
  [/Compiled successfully|Linting|Running TypeScript|checking validity of types/i, 'checking'],
  [/Collecting page data|Generating static pages/i, 'pages'],
  [/Finalizing page optimization|Collecting build traces/i, 'finishing'],
]

export async function buildCms(
  progress: Progress,
  env: Record<string, string | undefined>,
  options: { buildDir?: string; onStep?: (step: CmsBuildStep) => void; signal?: AbortSignal } = {},
) {
  const buildEnvironment = { ...env, CMS_BUILD_DIR: options.buildDir ?? env.CMS_BUILD_DIR }
  await buildIfStale({
    ...cmsTarget(options.buildDir),
    name: 'the CMS admin (Next.js, about a minute the first time)',
    build: async () => {
      options.onStep?.('importmap')
      await runStep(path.join(binDir, 'payload'), ['generate:importmap'], {
        cwd: parts.cms,
        env: buildEnvironment,
        label: 'CMS import map',
        signal: options.signal,
      })
      options.onStep?.('compiling')
      await runStep(path.join(binDir, 'next'), ['build'], {
        cwd: parts.cms,
        env: { ...buildEnvironment, NEXT_TELEMETRY_DISABLED: '1' },
        label: 'CMS build',
        signal: options.signal,
        onLine: (line) => {
          const step = NEXT_BUILD_STEPS.find(([pattern]) => pattern.test(line))?.[1]
          if (step) options.onStep?.(step)
        },
      })
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

const settingsRead = new Map<string, { version: string; settings: SiteContent['settings'] | null }>()
/** File times tick coarsely (a few ms): a file written this recently may change again with the same time, so it is not remembered yet. */
const SETTLED_MS = 1_000

/**
 * The CMS site settings as last exported (at start and on every change); null when there is no
 * export yet. Every entry form's view asks for them: the file is parsed again only when its
 * version (modification time, size, inode: an export that replaces the file changes at least one)
 * is not the one last read, or it was written less than a second before that read.
 */
export function cmsSettingsOf(dataDir: string): SiteContent['settings'] | null {
  const file = contentFileFor(dataDir)
  const now = Date.now()
  let version = 'none'
  let settled = true
  try {
    const stat = fs.statSync(file, { bigint: true, throwIfNoEntry: false })
    if (stat) {
      version = `${stat.mtimeNs}:${stat.size}:${stat.ino}`
      settled = now - Number(stat.mtimeMs) >= SETTLED_MS
    }
  } catch {}
  const known = settingsRead.get(file)
  if (known?.version === version) return known.settings
  let settings: SiteContent['settings'] | null = null
  try {
    settings = (JSON.parse(fs.readFileSync(file, 'utf8')) as SiteContent).settings ?? null
  } catch {}
  if (settled) settingsRead.set(file, { version, settings })
  else settingsRead.delete(file)
  return settings
}

/**
 * The wizard and CMS builds write into the checkout, which several servers (tests, a second
 * checkout's tools) may share: one builds at a time, the others wait and then find it built.
 */
export async function withBuildLock<T>(work: () => Promise<T>, onWait?: () => void, name = 'build'): Promise<T> {
  const lockDir = path.join(repoRoot, `.${name}-lock`)
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

/** The CMS admin's build lock: one per build directory, apart from the wizard's (which takes seconds). */
export const cmsBuildLockName = (buildDir = '.next') => `cms-build${buildDir === '.next' ? '' : `-${buildDir.replace(/[^A-Za-z0-9_-]/g, '_')}`}`
