import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// A migration missing from drizzle's journal is silently never applied (a merge once folded two
// journal entries into one object with duplicate keys, so JSON.parse kept only the second).
const drizzleDir = path.resolve(import.meta.dirname, '../../drizzle')
const journalText = fs.readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8')
const journal = JSON.parse(journalText) as { entries: { idx: number; tag: string; when: number }[] }

describe('drizzle migration journal', () => {
  it('lists every migration file once, in order, and nothing else', () => {
    const files = fs
      .readdirSync(drizzleDir)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => file.replace(/\.sql$/, ''))
      .sort()
    expect(journal.entries.map((entry) => entry.tag)).toEqual(files)
    // Numbers reserved for parallel branches and not used leave gaps; order is what matters.
    const idx = journal.entries.map((entry) => entry.idx)
    expect(idx.every((value, index) => index === 0 || value > idx[index - 1])).toBe(true)
  })

  it('has strictly increasing timestamps and no entry object with a repeated key', () => {
    const whens = journal.entries.map((entry) => entry.when)
    expect(whens.every((when, index) => index === 0 || when > whens[index - 1])).toBe(true)
    for (const block of journalText.match(/\{[^{}]*\}/g) ?? []) {
      const keys = [...block.matchAll(/"(\w+)"\s*:/g)].map((match) => match[1])
      expect(new Set(keys).size, block).toBe(keys.length)
    }
  })
})
