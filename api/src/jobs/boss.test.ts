import { describe, expect, it } from 'vitest'
import type { Logger } from '../logger'
import { bossErrorHandler } from './boss'

function recording() {
  const lines: string[] = []
  const at = (level: string) => (message: string) => void lines.push(`${level}: ${message}`)
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
  return { logger, lines }
}
const adminShutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })

describe('job queue errors in the log', () => {
  it('a connection ended by PostgreSQL while this process stops (Ctrl-C reaches both) is not an error', () => {
    const { logger, lines } = recording()
    bossErrorHandler(logger, () => true)(adminShutdown)
    expect(lines).toEqual(['debug: job queue: PostgreSQL closed the connection while stopping'])
  })
  it('the same while running is a warning; any other error stays an error', () => {
    const { logger, lines } = recording()
    const handle = bossErrorHandler(logger, () => false)
    handle(adminShutdown)
    handle(Object.assign(new Error('relation "pgboss.job" does not exist'), { code: '42P01' }))
    handle('not an Error')
    expect(lines).toEqual(['warn: job queue: PostgreSQL is shutting down and closed the connection', 'error: job queue error', 'error: job queue error'])
  })
})
