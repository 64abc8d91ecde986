import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalRow, maskDigits, maskEmail, maskText } from '@permitdesk/shared'
import { canonicalAfterNumber, frozenFields } from './canonical-entry'
import { rowsOfBinaryCopy } from './freeze.repository'

type Row = { id: string; name: string | null; email: string | null; phone: string | null; state: string | null; postcode: string | null }

/** The row as the shared rules mask it (the fields of the draw's canonical file). */
const reference = (r: Row) => {
  const v = (x: string | null) => (x ?? '').trim()
  return [r.id, v(r.name) && maskText(v(r.name)), v(r.email) && maskEmail(v(r.email)), v(r.phone) && maskDigits(v(r.phone)), v(r.state), v(r.postcode)]
}

// Plain ASCII (the loops), e-mail-like and phone-like text, and any Unicode (the shared functions).
const text = fc.oneof(
  fc.string(),
  fc.stringMatching(/^ ?[A-Za-z0-9.'"-]{0,6}( {1,2}[a-z@]{0,5}){0,3} ?$/),
  fc.stringMatching(/^[a-z0-9.+]{0,6}@{0,2}[a-z0-9.@ -]{0,10}$/),
  fc.stringMatching(/^\+?[0-9 ()-]{0,14}$/),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
)
const nullable = fc.option(text, { nil: null })

describe('frozenFields', () => {
  it('masks exactly as the shared rules do, for any field values', () => {
    fc.assert(
      fc.property(fc.nat().map(String), nullable, nullable, nullable, nullable, nullable, (id, name, email, phone, state, postcode) => {
        const row = { id, name, email, phone, state, postcode }
        expect(frozenFields(row)).toEqual(reference(row))
      }),
      { numRuns: 5000 },
    )
  })

  it('keeps the examples of the public record', () => {
    expect(frozenFields({ id: '7', name: 'jo  smith', email: 'john@example.com', phone: '0412 345 678', state: 'NSW', postcode: '2000' })).toEqual([
      '7',
      'J. S.',
      'j***@example.com',
      '**** *** 678',
      'NSW',
      '2000',
    ])
  })
})

describe('canonicalAfterNumber (app.entries.canonical, stored at arrival)', () => {
  it('after the entry number is the canonical row of the masked fields, for any field values', () => {
    // Absent fields, strings and booleans as a form stores them (`fields->>'x'` reads a boolean as true/false).
    const field = fc.option(fc.oneof(text, fc.boolean()), { nil: undefined })
    fc.assert(
      fc.property(fc.nat().map(String), field, field, field, field, field, (id, name, email, phone, state, postcode) => {
        const fields = Object.fromEntries(Object.entries({ name, email, phone, state, postcode }).filter(([, v]) => v !== undefined))
        const asText = (v: string | boolean | undefined) => (v === undefined ? null : String(v))
        const row = { id, name: asText(name), email: asText(email), phone: asText(phone), state: asText(state), postcode: asText(postcode) }
        expect(`${id}${canonicalAfterNumber(fields)}`).toBe(`${canonicalRow(reference(row))}\n`)
      }),
      { numRuns: 5000 },
    )
  })

  it('quotes what needs quoting', () => {
    expect(canonicalAfterNumber({ name: 'Zo\u00eb "Ace" O\'Brien, Jr', email: 'jo@example.com', phone: '', consent: true })).toBe(
      ',"Z. "". O. J.",j***@example.com,,,\n',
    )
  })
})

/** A binary COPY stream of one text column, as PostgreSQL writes it. */
function binaryCopy(rows: string[], extension = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(19)
  Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1').copy(header)
  header.writeInt32BE(extension.length, 15)
  const tuples = rows.map((r) => {
    const data = Buffer.from(r, 'utf8')
    const head = Buffer.alloc(6)
    head.writeInt16BE(1, 0)
    head.writeInt32BE(data.length, 2)
    return Buffer.concat([head, data])
  })
  return Buffer.concat([header, extension, ...tuples, Buffer.from([0xff, 0xff])])
}

async function drain(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of source) parts.push(Buffer.from(part))
  return Buffer.concat(parts)
}

async function* chunked(data: Buffer, cuts: number[]) {
  let at = 0
  for (const cut of [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b)) {
    yield data.subarray(at, cut)
    at = cut
  }
  yield data.subarray(at)
}

describe('rowsOfBinaryCopy', () => {
  it('gives the rows back byte for byte however the stream is cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => `${s}\n`),
          { maxLength: 30 },
        ),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.uint8Array({ maxLength: 8 }),
        async (rows, cuts, extension) => {
          const out = await drain(rowsOfBinaryCopy(chunked(binaryCopy(rows, Buffer.from(extension)), cuts)))
          expect(out.toString('utf8')).toBe(rows.join(''))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('batches a million bytes into pieces of about 64 KB, a row longer than a batch included', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `${i},A. B.,a***@example.com,*******123,NSW,2000\n`)
    rows.splice(100, 0, `${'x'.repeat(200_000)}\n`)
    const parts: number[] = []
    let all = ''
    for await (const part of rowsOfBinaryCopy(chunked(binaryCopy(rows), [5, 70_000, 300_000]))) {
      parts.push(part.length)
      all += part.toString('utf8')
    }
    expect(all).toBe(rows.join(''))
    expect(Math.max(...parts)).toBeLessThanOrEqual(200_001 + 65_536)
  })

  it('refuses a null row (an entry without its canonical row) and a stream cut short', async () => {
    const withNull = binaryCopy(['1,a\n'])
    const nulled = Buffer.concat([withNull.subarray(0, withNull.length - 2), Buffer.from([0, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])])
    await expect(drain(rowsOfBinaryCopy(chunked(nulled, [])))).rejects.toThrow('without its canonical row')
    const full = binaryCopy(['1,a\n', '2,b\n'])
    await expect(drain(rowsOfBinaryCopy(chunked(full.subarray(0, full.length - 5), [])))).rejects.toThrow('ended early')
  })
})
