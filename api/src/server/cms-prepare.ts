import fs from 'node:fs'
import path from 'node:path'
import { cmsContentWatermark } from '../db/migrate'
import { runStep, type Progress } from './build'
import { fingerprint } from './fingerprint'
import { parts, repoRoot } from './paths'

/**
 * The CMS's start step (its Payload migrations, the seed content once, and the export of the
 * published content the site is built from) runs in a child process that loads Payload: seconds
 * on every start (issue 29: a later start under 5 s). It is skipped when nothing it depends on has
 * moved since it last ran for this data directory: the CMS sources, the lockfile and the shared
 * package (a new migration or export shape), its environment, and the content in the database
 * (`cmsContentWatermark`: any save, publish or delete, by this process or another one).
 * The stamp sits beside the exported file, so a data directory never trusts another's export.
 */
export async function prepareCms(options: {
  databaseUrl: string
  contentFile: string
  env: Record<string, string | undefined>
  progress: Progress
}): Promise<'ran' | 'current'> {
  const stampFile = `${options.contentFile}.stamp`
  const sources = [
    path.join(parts.cms, 'src'),
    path.join(parts.cms, 'scripts'),
    path.join(parts.cms, 'package.json'),
    path.join(repoRoot, 'package-lock.json'),
    path.join(parts.shared, 'src'),
  ]
  // Not the database's address: the embedded server's port changes between starts, and the content watermark speaks for the database.
  const { DATABASE_URL: _address, ...settings } = options.env
  const inputs = fingerprint(sources, JSON.stringify(Object.entries(settings).sort()))
  const current = async () => `${inputs}:${await cmsContentWatermark(options.databaseUrl)}`
  if (fs.existsSync(options.contentFile) && readStamp(stampFile) === (await current())) return 'current'
  await runStep(process.execPath, ['--import', 'tsx', path.join(parts.cms, 'scripts', 'prepare.ts'), '--export', options.contentFile], {
    cwd: parts.cms,
    env: { ...options.env, PAYLOAD_CONFIG_PATH: 'src/payload.config.ts' },
    label: 'CMS migrations and content',
  })
  // Read after the run: its migrations and seed moved the watermark themselves.
  fs.writeFileSync(stampFile, await current())
  return 'ran'
}

function readStamp(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}
