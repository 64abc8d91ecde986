/** A small structured logger: one line per event, JSON in production, readable in development. */
type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 }

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>

/**
 * What never reaches a log line (issue 18): password hashes, bearer and session tokens, the
 * parameters drizzle prints after a failed query, credentials inside URLs, and query strings.
 */
const REDACTIONS: Array<[RegExp, string]> = [
  [/\$argon2(?:id|i|d)\$[^\s"',]+/g, '[hash]'],
  [/\bparams: [^\n"]*/g, 'params: [redacted]'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]'],
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:"']+:[^\s/@"']+@/gi, '$1[redacted]@'],
  [/(\/[^\s"'?]*)\?[^\s"']+/g, '$1?[redacted]'],
  [/\b(pd_session|__Host-pd_session|token|password|secret)=([^\s;&"']+)/gi, '$1=[redacted]'],
  [/\b[A-Za-z0-9_-]{40,}\b/g, '[redacted]'],
]

export function redact(text: string): string {
  return REDACTIONS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text)
}

export function createLogger({ level = 'info', json = false }: { level?: Level; json?: boolean } = {}): Logger {
  const write =
    (at: Level) =>
    (rawMessage: string, rawFields: Record<string, unknown> = {}) => {
      if (order[at] < order[level]) return
      const message = redact(rawMessage)
      const fields = JSON.parse(redact(JSON.stringify(rawFields))) as Record<string, unknown>
      const line = json
        ? JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields })
        : `${at === 'info' ? '' : `${at.toUpperCase()} `}${message}${Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : ''}`
      ;(at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(`${line}\n`)
    }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

export const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }
