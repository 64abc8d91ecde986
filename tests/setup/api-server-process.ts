import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import readline from 'node:readline'
import { repoRoot } from '../../api/src/server/paths'

/** Starts tests/setup/api-server.ts (main.ts's server without the CMS) in a process of its own and waits until it listens. */
export async function startApiServerProcess({ port, databaseUrl, dataDir }: { port: number; databaseUrl: string; dataDir: string }): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'tests/setup/api-server.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      BOT_CHECK: 'off',
      LOG_LEVEL: 'error',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk) => (stderr += chunk))
  const lines = readline.createInterface({ input: child.stdout! })
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${stderr}`)))
    lines.on('line', (line) => line.startsWith('ready ') && resolve())
  })
  child.removeAllListeners('exit')
  return child
}
