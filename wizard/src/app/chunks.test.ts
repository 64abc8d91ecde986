// @vitest-environment node
/**
 * The production build copies small shared chunks of our own code into each screen that uses them
 * (vite.config.ts, experimentalInlineCommonChunks). A copied module runs once per copy: harmless
 * for functions and constant tables, wrong for anything whose identity matters. This builds the
 * wizard and fails if a module that two chunks both carry creates a React context or module-level
 * mutable state that is not a constant lookup table, or comes from a library.
 */
import fs from 'node:fs'
import path from 'node:path'
import { build, type Rollup } from 'vite'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

describe('the production build', () => {
  it('copies no library module and no module with a React context or mutable module state into two chunks', async () => {
    const output = (await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { write: false, sourcemap: false },
    })) as Rollup.RollupOutput
    const chunksOf = new Map<string, string[]>()
    for (const item of output.output) {
      if (item.type !== 'chunk') continue
      for (const id of item.moduleIds) chunksOf.set(id, [...(chunksOf.get(id) ?? []), item.fileName])
    }
    const copied = [...chunksOf].filter(([id, chunks]) => chunks.length > 1 && !id.startsWith('\0'))
    expect(copied.length).toBeGreaterThan(0) // the inlining is on (else this test checks nothing)
    const problems = copied
      .map(([id]) => id)
      .filter((id) => {
        if (id.includes('node_modules')) return true
        const source = fs.readFileSync(id.split('?')[0]!, 'utf8')
        return /createContext\(|^let\s|^export let\s|^var\s/m.test(source)
      })
    expect(problems).toEqual([])
  }, 120_000)
})
