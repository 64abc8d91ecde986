/**
 * Finding "one anonymous request freezes the server": every string schema shared exports must
 * answer a 1 MB hostile string quickly (length limits before patterns, linear patterns).
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as shared from '../index'

const MB = 1024 * 1024
const half = MB / 2

/** Strings built to make backtracking patterns work hard, each about 1 MB. */
const HOSTILE: Record<string, string> = {
  'email dots': `a@${'a.'.repeat(half)}@`,
  'email at signs': `${'a@'.repeat(half)}`,
  letters: 'a'.repeat(MB),
  'letters then bang': `${'a'.repeat(MB - 1)}!`,
  digits: `${'1'.repeat(MB - 1)}x`,
  'website labels': `http://${'a.'.repeat(half - 4)}!`,
  'website dashes': `${'a-'.repeat(half)}.`,
  spaces: `${' '.repeat(MB - 1)}x`,
  'tabs and dots': `${'\t.'.repeat(half)}`,
  'colons and digits': `${'1:'.repeat(half)}`,
}

type Def = { type: string; [key: string]: unknown }
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/** Values shaped like the schema with the hostile string in every string slot (one per union branch). */
function fill(schema: z.ZodType, value: string, depth = 0): unknown[] {
  if (depth > 6) return [value]
  const def = defOf(schema)
  switch (def.type) {
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>
      const entries = Object.entries(shape).map(([key, child]) => [key, fill(child, value, depth + 1)[0]])
      return [Object.fromEntries(entries)]
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fill(def.innerType as z.ZodType, value, depth + 1)
    case 'pipe':
      return fill(def.in as z.ZodType, value, depth + 1)
    case 'lazy':
      return fill((def.getter as () => z.ZodType)(), value, depth + 1)
    case 'array':
      return fill(def.element as z.ZodType, value, depth + 1).map((item) => [item])
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => fill(option, value, depth + 1))
    case 'intersection':
      return [Object.assign({}, fill(def.left as z.ZodType, value, depth + 1)[0], fill(def.right as z.ZodType, value, depth + 1)[0])]
    case 'record':
      return fill(def.valueType as z.ZodType, value, depth + 1).map((item) => ({ key: item }))
    case 'tuple':
      return [(def.items as z.ZodType[]).map((item) => fill(item, value, depth + 1)[0])]
    default:
      return [value]
  }
}

const schemas = Object.entries(shared as Record<string, unknown>).filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)

/** The fastest of three runs, so a busy machine's pause does not count against a schema. */
function bestOf3(run: () => void): number {
  let best = Infinity
  for (let i = 0; i < 3; i += 1) {
    const start = performance.now()
    run()
    best = Math.min(best, performance.now() - start)
  }
  return best
}

/**
 * On a machine loaded by other work (CI beside other builds) 10 ms of wall time can pass without
 * the schema running; a parse is then also allowed 20 linear passes over the same input, timed at
 * the same moment. A backtracking pattern on 1 MB takes minutes, so either bound still catches it.
 */
function loadAllowance(input: unknown): number {
  return 20 * bestOf3(() => JSON.parse(JSON.stringify(input)))
}

describe('string schemas against 1 MB hostile input', () => {
  it('finds the schemas to check', () => {
    expect(schemas.map(([name]) => name)).toEqual(expect.arrayContaining(['LoginSchema', 'RegisterSchema', 'EmailSchema', 'WebsiteSchema']))
  })

  it.each(schemas)('%s answers in under 10 ms', (_name, schema) => {
    const slow: string[] = []
    for (const [label, hostile] of Object.entries(HOSTILE)) {
      for (const input of fill(schema, hostile)) {
        const ms = bestOf3(() => schema.safeParse(input))
        if (ms >= 10 && ms >= loadAllowance(input)) slow.push(`${label}: ${ms.toFixed(1)} ms`)
      }
    }
    expect(slow).toEqual([])
  })

  it('the e-mail pattern is linear (the reported 40 KB login body)', () => {
    const body = `a@${'a.'.repeat(20_000)}@`
    const ms = bestOf3(() => shared.EMAIL_PATTERN.test(body))
    // The same load allowance as above: 20 linear passes over the body, timed at the same moment.
    expect(ms < 10 || ms < loadAllowance(body), `${ms.toFixed(1)} ms`).toBe(true)
    expect(shared.isValidEmail(body)).toBe(false)
  })
})
