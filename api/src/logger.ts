/** A small structured logger: one line per event, JSON in production, readable in development. */
type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 }

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>

export function createLogger({ level = 'info', json = false }: { level?: Level; json?: boolean } = {}): Logger {
  const write = (at: Level) => (message: string, fields: Record<string, unknown> = {}) => {
    if (order[at] < order[level]) return
    const line = json
      ? JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields })
      : `${at === 'info' ? '' : `${at.toUpperCase()} `}${message}${Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : ''}`
    ;(at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(`${line}\n`)
  }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

export const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }
