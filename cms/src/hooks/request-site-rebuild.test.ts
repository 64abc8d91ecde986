import { afterEach, describe, expect, it, vi } from 'vitest'
import { rebuildOnDelete, rebuildOnGlobalChange, rebuildOnPublish } from './request-site-rebuild'
import { installSiteRebuildBridge } from './site-rebuild-bridge'

const bridge = vi.fn()
let uninstall = () => {}
const install = () => (uninstall = installSiteRebuildBridge(bridge))
afterEach(() => {
  uninstall()
  bridge.mockReset()
})
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const args = (doc: object, previousDoc?: object, context: object = {}) => ({ doc, previousDoc, collection: { slug: 'news' }, context }) as never

describe('rebuildOnPublish', () => {
  it('queues a rebuild when a document is published', async () => {
    install()
    rebuildOnPublish(args({ _status: 'published' }, { _status: 'draft' }))
    await flush()
    expect(bridge).toHaveBeenCalledWith('news published')
  })

  it('ignores drafts and autosaves of documents that were never live', async () => {
    install()
    rebuildOnPublish(args({ _status: 'draft' }, { _status: 'draft' }))
    rebuildOnPublish(args({ _status: 'draft' }))
    await flush()
    expect(bridge).not.toHaveBeenCalled()
  })

  it('rebuilds when a live document is unpublished', async () => {
    install()
    rebuildOnPublish(args({ _status: 'draft' }, { _status: 'published' }))
    await flush()
    expect(bridge).toHaveBeenCalledTimes(1)
  })

  it('rebuilds on any change of a collection without drafts', async () => {
    install()
    rebuildOnPublish(args({ question: 'Q' }, { question: 'P' }))
    await flush()
    expect(bridge).toHaveBeenCalledWith('news changed')
  })

  it('does nothing when the seed asks it not to, or outside the api process', async () => {
    install()
    rebuildOnPublish(args({ _status: 'published' }, undefined, { skipSiteRebuild: true }))
    await flush()
    expect(bridge).not.toHaveBeenCalled()
    uninstall()
    expect(() => rebuildOnPublish(args({ _status: 'published' }))).not.toThrow()
  })

  it('never fails the editor save when the queue fails', async () => {
    uninstall = installSiteRebuildBridge(() => Promise.reject(new Error('queue down')))
    expect(() => rebuildOnPublish(args({ _status: 'published' }))).not.toThrow()
    await flush()
  })
})

describe('deletes and settings', () => {
  it('queues rebuilds for deletes and global changes', async () => {
    install()
    rebuildOnDelete({ doc: {}, collection: { slug: 'reviews' }, context: {} } as never)
    rebuildOnGlobalChange({ doc: {}, global: { slug: 'site-settings' }, context: {} } as never)
    await flush()
    expect(bridge.mock.calls).toEqual([['reviews deleted'], ['site-settings changed']])
  })
})
