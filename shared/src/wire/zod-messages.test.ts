/**
 * Issue 11 "Messages": no library default text reaches a person. Every zod schema the shared
 * package exports is fed wrong input of every kind; no message may be zod's English.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as shared from '../index'
import { deriveApplicationState } from '../wizard/application-state'
import { MSG_ADDRESS_INCOMPLETE } from '../messages'
import { ZOD_DEFAULT_TEXT } from './zod-messages'

const GARBAGE: unknown[] = [
  undefined,
  null,
  {},
  [],
  '',
  'x',
  -1,
  1.5,
  1e21,
  true,
  { id: 'x', email: 5, ausStates: 'nsw', permit: 'x', applicant: [], versionNumber: 'x', name: {}, totalPrizeValue: '20000' },
  { permit: { applicant: { businessAddress: 'x', contact: 5 } }, attachments: [{}], ausStates: { nsw: 'yes' } },
]

const schemas = Object.entries(shared).filter(([, value]) => value instanceof z.ZodType) as [string, z.ZodType][]

describe('zod default text never reaches a person', () => {
  it('finds the shared schemas to check', () => {
    expect(schemas.length).toBeGreaterThan(30)
  })

  it.each(schemas)('%s answers wrong input with shared sentences only', (_name, schema) => {
    for (const input of GARBAGE) {
      const result = schema.safeParse(input)
      if (result.success) continue
      for (const issue of result.error.issues) expect(issue.message, JSON.stringify(input)).not.toMatch(ZOD_DEFAULT_TEXT)
    }
  })

  it('a missing business address in applicationIssues is a shared sentence', () => {
    const state = deriveApplicationState(
      {
        ausStates: { nsw: true },
        totalPrizeValue: 2_000_000,
        managedSubmission: true,
        permit: { applicant: { organisation: 'Acme', abnacn: '51824753556' } },
      } as never,
      { now: new Date('2026-01-01T00:00:00Z') },
    )
    const messages = Object.values(state.applicationIssues).flat()
    expect(messages.length).toBeGreaterThan(0)
    for (const message of messages) expect(message).not.toMatch(ZOD_DEFAULT_TEXT)
    expect(state.applicationIssues['permit.applicant.businessAddress'] ?? state.applicationIssues['applicant.businessAddress']).toEqual([
      MSG_ADDRESS_INCOMPLETE,
    ])
  })
})
