/**
 * Decision records (issue 31): every file in docs/decisions/ is `NNN-name.md` with a unique number
 * and the sections Status, Context, Decision and Consequences, in that order, none empty.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const dir = path.resolve(import.meta.dirname, '../../docs/decisions')
const files = fs.readdirSync(dir).filter((name) => name.endsWith('.md'))
const SECTIONS = ['Status', 'Context', 'Decision', 'Consequences']

describe('decision records', () => {
  it('are numbered uniquely', () => {
    expect(files.length).toBeGreaterThan(0)
    const numbers = files.map((name) => /^(\d{3})-[a-z0-9-]+\.md$/.exec(name)?.[1] ?? `not numbered: ${name}`)
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([])
    expect(numbers.filter((n) => n.startsWith('not numbered'))).toEqual([])
  })

  it.each(files)('%s has Status, Context, Decision and Consequences, in order, none empty', (name) => {
    const text = fs.readFileSync(path.join(dir, name), 'utf8')
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim())
    expect(headings).toEqual(SECTIONS)
    for (const section of SECTIONS) {
      const body = text
        .split(new RegExp(`^## ${section}$`, 'm'))[1]!
        .split(/^## /m)[0]!
        .trim()
      expect({ section, empty: body.length === 0 }).toEqual({ section, empty: false })
    }
    expect(
      text
        .split(/^## Status$/m)[1]!
        .split(/^## /m)[0]!
        .trim(),
    ).toMatch(/^(Accepted|Proposed|Superseded|Deprecated)\b/)
  })
})
