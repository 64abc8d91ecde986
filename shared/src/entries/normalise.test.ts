import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { entrantKey, foldText, normaliseEmail, normaliseNamePostcode, normalisePhone } from './normalise'

describe('normaliseEmail', () => {
  it('lowercases, and drops dots and +tags where the provider ignores them', () => {
    expect(normaliseEmail(' Jo.Smith+win@GMail.com ')).toBe('josmith@gmail.com')
    expect(normaliseEmail('j.o.smith@googlemail.com')).toBe('josmith@gmail.com')
    expect(normaliseEmail('jo.smith+a@outlook.com')).toBe('jo.smith@outlook.com')
  })
  it('keeps dots and tags at providers that deliver them to different people', () => {
    expect(normaliseEmail('Jo.Smith+x@Example.com.au')).toBe('jo.smith+x@example.com.au')
    expect(normaliseEmail('jo.smith@example.com')).not.toBe(normaliseEmail('josmith@example.com'))
  })
  it('answers null for what is not an address', () => {
    for (const v of ['', '   ', 'nobody', '@gmail.com', 'x@', '+tag@gmail.com', null, undefined]) expect(normaliseEmail(v)).toBeNull()
  })
  it('is idempotent and case-blind (property)', () => {
    const local = fc.stringMatching(/^[a-z0-9][a-z0-9.+_-]{0,20}$/)
    const domain = fc.constantFrom('gmail.com', 'googlemail.com', 'outlook.com', 'example.com.au', 'bigpond.com')
    fc.assert(
      fc.property(local, domain, (l, d) => {
        const once = normaliseEmail(`${l}@${d}`)
        expect(normaliseEmail(`${l.toUpperCase()}@${d.toUpperCase()}`)).toBe(once)
        if (once) expect(normaliseEmail(once)).toBe(once)
      }),
    )
  })
  it('finds a gmail address however its dots and tags are written (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.array(fc.nat(12), { maxLength: 4 }), fc.stringMatching(/^[a-z0-9]{0,8}$/), (base, dots, tag) => {
        const chars = [...base]
        for (const at of dots) chars.splice(Math.min(at, chars.length), 0, '.')
        const written = `${chars.join('')}${tag ? `+${tag}` : ''}@gmail.com`
        expect(normaliseEmail(written)).toBe(`${base}@gmail.com`)
      }),
    )
  })
})

describe('normalisePhone', () => {
  it('gives one E.164 key for the ways an Australian number is written', () => {
    for (const v of ['0412 345 678', '0412345678', '+61 412 345 678', '+61 (0)412 345 678', '0061412345678', '(04) 1234-5678', '412345678']) {
      expect(normalisePhone(v)).toBe('+61412345678')
    }
    expect(normalisePhone('(02) 9876 5432')).toBe('+61298765432')
  })
  it('keeps other international numbers and refuses what is not a phone', () => {
    expect(normalisePhone('+64 21 123 4567')).toBe('+64211234567')
    for (const v of ['', '123', '1300 123 456', '0412 345 67', 'abc', null]) expect(normalisePhone(v)).toBeNull()
  })
  it('any spacing and punctuation of a mobile gives the same key (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^4\d{8}$/),
        fc.array(fc.constantFrom(' ', '-', '.', '(', ')'), { maxLength: 10 }),
        fc.boolean(),
        (digits, noise, international) => {
          const chars = [...(international ? `+61${digits}` : `0${digits}`)]
          noise.forEach((n, i) => chars.splice(1 + ((i * 3) % chars.length), 0, n))
          expect(normalisePhone(chars.join(''))).toBe(`+61${digits}`)
        },
      ),
    )
  })
})

describe('normaliseNamePostcode', () => {
  it('folds case, accents, punctuation and whitespace', () => {
    expect(normaliseNamePostcode('  Zoë   O\u2019Brien ', '2000')).toBe('zoe obrien|2000')
    expect(normaliseNamePostcode('ZOE OBRIEN', ' 2000 ')).toBe('zoe obrien|2000')
    expect(foldText('Renée\tÇelik')).toBe('renee celik')
  })
  it('is null unless both are present', () => {
    expect(normaliseNamePostcode('Jo', '')).toBeNull()
    expect(normaliseNamePostcode('  ', '2000')).toBeNull()
    expect(normaliseNamePostcode(undefined, '2000')).toBeNull()
  })
  it('is idempotent on the name (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (name) => {
        const folded = foldText(name)
        expect(foldText(folded)).toBe(folded)
      }),
    )
  })
})

describe('entrantKey', () => {
  it('counts on the e-mail, else the phone', () => {
    expect(entrantKey('a@b.com', '+61412345678')).toBe('e:a@b.com')
    expect(entrantKey(null, '+61412345678')).toBe('p:+61412345678')
    expect(entrantKey(null, null)).toBeNull()
  })
})
