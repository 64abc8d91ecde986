/**
 * docs/messages.md is generated from the shared constants (issue 25): this fails when a message
 * changed and the page was not regenerated (`npm run messages`), so reviewers read what people see.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MSG_PAYMENT_RECEIVED, STATUS_WORDS } from '@permitdesk/shared'
import { MESSAGES_DOC, renderMessagesDoc } from '../../../scripts/messages-doc'

describe('docs/messages.md', () => {
  it('is up to date with the shared messages (run `npm run messages` after changing one)', () => {
    expect(fs.readFileSync(MESSAGES_DOC, 'utf8')).toBe(renderMessagesDoc())
  })

  it('shows each message as a person reads it, with placeholders for values, and every status in both vocabularies', () => {
    const doc = renderMessagesDoc()
    expect(doc).toContain(`| \`MSG_PAYMENT_RECEIVED\` | ${MSG_PAYMENT_RECEIVED} |`)
    expect(doc).toContain('| `msgPasswordTokenSent` | Password verification token sent to {email}. |')
    expect(doc).toContain(`| 15 | ${STATUS_WORDS[15].customer} | ${STATUS_WORDS[15].staff} | ${STATUS_WORDS[15].next} |`)
  })
})
