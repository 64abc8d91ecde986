/**
 * fast-check arbitraries of hostile input (issue 18): wrong types, huge strings, deep nesting,
 * prototype keys, unicode edge cases and numbers at the limits.
 */
import fc from 'fast-check'

const UNICODE_EDGES = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\u202E',
  '\uFEFF',
  '\u0301'.repeat(50),
  '👩‍👩‍👧‍👦',
  'İ',
  'ß',
  '\r\n',
  '%00',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
]
const NUMBER_EDGES = [
  0,
  -0,
  -1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  0.1 + 0.2,
  1e-320,
  123.456789,
]

const deep = (depth: number, leaf: unknown): unknown => {
  let value = leaf
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value }
  return value
}

/** A JSON object with an own `__proto__` key (what JSON.parse of a hostile body produces). */
const protoKeyed = (inner: unknown) => JSON.parse(`{"__proto__": ${JSON.stringify(inner)}, "constructor": {"prototype": {"isStaff": true}}}`)

export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, true, false, '', ' ', [], {}) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBER_EDGES) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.double({ noNaN: true }) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE_EDGES) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('a'.repeat(20_000), `a@${'a.'.repeat(4_000)}@`, '9'.repeat(5_000), `${'\t'.repeat(3_000)}x`) },
  { weight: 1, arbitrary: fc.constant(deep(200, 'x')) },
  { weight: 1, arbitrary: fc.constant(protoKeyed({ isStaff: true, userId: 1 })) },
)

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'toString', 'a'), hostileLeaf, { maxKeys: 3 }) },
)

/** A body or query: hostile values under the schema's own keys (and a stray key), or a hostile value instead of the object. */
export function hostileInput(keys: string[]): fc.Arbitrary<unknown> {
  const known = keys.length ? keys : ['id']
  const shaped = fc.record(Object.fromEntries(known.map((key) => [key, hostileValue])), { requiredKeys: [] })
  return fc.oneof({ weight: 6, arbitrary: shaped.map((value) => (Math.random() < 0.2 ? protoKeyed(value) : value)) }, { weight: 1, arbitrary: hostileLeaf })
}

/** Query string of an input: primitives as they are, anything else as its JSON. */
export function toQuery(input: unknown): string {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return `?value=${encodeURIComponent(JSON.stringify(input) ?? '')}`
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(input as Record<string, unknown>))
    params.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))
  return `?${params.toString()}`
}

/** The object keys a zod schema reads (through optional, pipe, default…), for shaping inputs. */
export function schemaKeys(schema: unknown): string[] {
  let def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def
  for (let i = 0; def && def.type !== 'object' && i < 10; i += 1) {
    const next = (def.in ?? def.innerType ?? def.schema) as { _zod?: { def?: Record<string, unknown> } } | undefined
    def = next?._zod?.def
  }
  return def?.type === 'object' ? Object.keys(def.shape as object) : []
}
