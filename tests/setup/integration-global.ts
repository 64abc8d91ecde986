import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../api/src/db/embedded'
import { ensureCmsSchema, migrateApp } from '../../api/src/db/migrate'
import { buildDrawVerifier, runStep } from '../../api/src/server/build'
import { parts, repoRoot } from '../../api/src/server/paths'

export const TEMPLATE_DATABASE = 'permitdesk_test_template'

let embedded: EmbeddedDatabase | undefined

/**
 * Starts a real PostgreSQL (the embedded one, or the server in DATABASE_URL), builds one migrated
 * template database, and hands its server URL to the test files, which clone it.
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    const dataDir = path.join(repoRoot, '.test-data', `integration-${process.pid}`)
    fs.rmSync(dataDir, { recursive: true, force: true })
    embedded = await startEmbeddedPostgres(dataDir)
    serverUrl = embedded.url
  }
  const templateUrl = withDatabase(serverUrl, TEMPLATE_DATABASE)
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') })
  await admin.connect()
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`)
  await admin.query(`create database ${TEMPLATE_DATABASE}`)
  await admin.end()

  // The draw pages serve the verify panel built by `npm start`'s build step (issue 31); the API alone does not build it.
  await buildDrawVerifier(() => {})
  await migrateApp(templateUrl)
  await ensureCmsSchema(templateUrl)
  await runStep(process.execPath, ['--import', 'tsx', path.join(parts.cms, 'scripts', 'prepare.ts')], {
    cwd: parts.cms,
    env: { DATABASE_URL: templateUrl, PAYLOAD_SECRET: 'integration-tests-secret-0123456789abcdef', PAYLOAD_CONFIG_PATH: 'src/payload.config.ts' },
    label: 'CMS migrations for the test template',
  })

  project.provide('databaseServerUrl', serverUrl)
  return async () => {
    await embedded?.stop()
    if (embedded) fs.rmSync(path.join(repoRoot, '.test-data', `integration-${process.pid}`), { recursive: true, force: true })
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string
  }
}
