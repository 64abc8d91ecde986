/**
 * Runs one command with DATABASE_URL pointing at a live PostgreSQL: the one in DATABASE_URL, or the
 * embedded server under DATA_DIR (started for the command, stopped after it).
 *   node --import tsx scripts/with-db.ts -- npx payload migrate:create
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { startEmbeddedPostgres } from '../api/src/db/embedded'

const separator = process.argv.indexOf('--')
const [command, ...args] = process.argv.slice(separator === -1 ? 2 : separator + 1)
if (!command) {
  console.error('usage: with-db -- <command> [args...]')
  process.exit(2)
}

const embedded = process.env.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres(path.resolve(process.env.DATA_DIR || '.data'), { log: (line) => console.error(`[db] ${line}`) })
const url = process.env.DATABASE_URL || embedded!.url

const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url, PAYLOAD_SECRET: process.env.PAYLOAD_SECRET || 'development-only-secret-0123456789abcdef' },
})
const code: number = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)))
await embedded?.stop()
process.exit(code)
