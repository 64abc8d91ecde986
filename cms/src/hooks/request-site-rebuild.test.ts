import { describe, expect, it } from 'vitest'
import { publishReason } from './request-site-rebuild'

const args = (doc: object, previousDoc?: object, context: Record<string, unknown> = {}) => ({ doc, previousDoc, collection: { slug: 'news' }, context })

// The outbox write itself is exercised against PostgreSQL and Payload in tests/integration/site-rebuild-signal.int.test.ts.
describe('publishReason', () => {
  it('asks for a rebuild when a document is published', () => {
    expect(publishReason(args({ _status: 'published' }, { _status: 'draft' }))).toBe('news published')
  })

  it('ignores drafts and autosaves of documents that were never live', () => {
    expect(publishReason(args({ _status: 'draft' }, { _status: 'draft' }))).toBeUndefined()
    expect(publishReason(args({ _status: 'draft' }))).toBeUndefined()
  })

  it('rebuilds when a live document is unpublished, and on any change of a collection without drafts', () => {
    expect(publishReason(args({ _status: 'draft' }, { _status: 'published' }))).toBe('news draft')
    expect(publishReason(args({ question: 'Q' }, { question: 'P' }))).toBe('news changed')
  })

  it('does nothing when the seed asks it not to', () => {
    expect(publishReason(args({ _status: 'published' }, undefined, { skipSiteRebuild: true }))).toBeUndefined()
  })
})
