import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalRow } from './algorithm'
import { parseCanonicalRow } from './canonical-entries'
import { csvSafeCell, csvSafeRow } from './csv-export'

describe('CSV exports neutralise formulas', () => {
  it('prefixes cells starting with = + - @ tab or CR, and keeps the others', () => {
    expect(csvSafeRow(canonicalRow(['E1', '=HYPERLINK("http://evil.example","click")', 'jo@example.com']))).toBe(
      'E1,"\'=HYPERLINK(""http://evil.example"",""click"")",jo@example.com',
    )
    expect(csvSafeRow('+61 2 9999 1234,-5,@handle')).toBe("'+61 2 9999 1234,'-5,'@handle")
    expect(csvSafeRow('E1,Jo Smith,jo@example.com')).toBe('E1,Jo Smith,jo@example.com')
    expect(csvSafeCell('\tcmd')).toBe("'\tcmd")
    expect(csvSafeCell('\rcmd')).toBe("'\rcmd")
  })

  it('any row: no exported cell starts a formula, and every other cell is as it was', () => {
    const cell = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', 'a', '1', ',', '"', ' ', '\n', 'é'), maxLength: 8 })
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 6 }), (cells) => {
        const row = canonicalRow(cells)
        const out = parseCanonicalRow(csvSafeRow(row))
        const original = parseCanonicalRow(row)
        expect(out).toHaveLength(original.length)
        out.forEach((value, i) => {
          expect(value).not.toMatch(/^[=+\-@\t\r]/)
          expect(value).toBe(/^[=+\-@\t\r]/.test(original[i]!) ? `'${original[i]}` : original[i])
        })
      }),
    )
  })
})
