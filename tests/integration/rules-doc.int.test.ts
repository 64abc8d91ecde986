/** docs/rules.md prints the sources of every rule set figure from the data (regenerate: scripts/rules-doc.ts --write). */
import { describe, expect, it } from 'vitest'
import { readSourcesSection, sourcesTables } from '../../scripts/rules-doc'

describe('docs/rules.md', () => {
  it('holds the current sources tables', () => {
    expect(readSourcesSection()).toBe(sourcesTables())
  })
})
