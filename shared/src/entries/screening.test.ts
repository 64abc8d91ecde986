import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BurstScreen, DuplicateScreen, disposableDomainOf, screenEntries, type EntryFlag, type ScreeningEntry } from './screening'

const T0 = Date.UTC(2026, 10, 1, 0, 0, 0)
let next = 1
const entry = (overrides: Partial<ScreeningEntry> = {}): ScreeningEntry => ({
  number: next++,
  emailKey: null,
  phoneKey: null,
  namePostcodeKey: null,
  ipHash: null,
  deviceHash: null,
  at: T0,
  ...overrides,
})
const kinds = (flags: Map<number, EntryFlag[]>, n: number) => (flags.get(n) ?? []).map((f) => f.kind)

describe('duplicates', () => {
  it('flags later entries with the same e-mail as duplicates of the first, which is the original', () => {
    const a = entry({ number: 1, emailKey: 'jo@gmail.com' })
    const b = entry({ number: 2, emailKey: 'sam@example.com' })
    const c = entry({ number: 3, emailKey: 'jo@gmail.com' })
    const d = entry({ number: 4, emailKey: 'jo@gmail.com' })
    const flags = screenEntries([d, b, c, a])
    expect(flags.get(2)).toBeUndefined()
    expect(flags.get(1)).toEqual([
      {
        kind: 'duplicate-email',
        group: 'duplicate-email:1',
        first: 1,
        size: 3,
        original: true,
        explanation: expect.stringContaining('The first of 3 entries with the same e-mail address'),
      },
    ])
    expect(flags.get(3)![0]).toMatchObject({
      kind: 'duplicate-email',
      group: 'duplicate-email:1',
      first: 1,
      size: 3,
      explanation: expect.stringContaining('as entry 1, which came first'),
    })
    expect(flags.get(3)![0]!.original).toBeUndefined()
    expect(flags.get(4)![0]!.group).toBe('duplicate-email:1')
  })

  it('groups phones and names with postcodes apart from e-mails, and ignores missing keys', () => {
    const flags = screenEntries([
      entry({ number: 10, phoneKey: '0412345678', namePostcodeKey: 'jo citizen|2000' }),
      entry({ number: 11, phoneKey: '0412345678', namePostcodeKey: 'jo citizen|3000' }),
      entry({ number: 12, namePostcodeKey: 'jo citizen|2000' }),
      entry({ number: 13 }),
      entry({ number: 14 }),
    ])
    expect(kinds(flags, 10)).toEqual(['duplicate-phone', 'duplicate-name-postcode'])
    expect(kinds(flags, 11)).toEqual(['duplicate-phone'])
    expect(kinds(flags, 12)).toEqual(['duplicate-name-postcode'])
    expect(flags.has(13) || flags.has(14)).toBe(false)
  })

  it('refuses a group fed out of entry number order (the cursor order is a precondition)', () => {
    const screen = new DuplicateScreen('duplicate-email', () => {})
    screen.push(5, 'a@b.au')
    expect(() => screen.push(3, 'a@b.au')).toThrow(/entry number order/)
  })
})

describe('bursts', () => {
  const rule = { count: 3, seconds: 60 }
  it('flags entries when 3 arrive from one address within 60 s, not 2, and not 3 spread over 60 s', () => {
    const flags = screenEntries(
      [
        entry({ number: 1, ipHash: 'A', at: T0 }),
        entry({ number: 2, ipHash: 'A', at: T0 + 30_000 }),
        // 60 s after the first: the window is less than 60 s, so 1, 2, 3 are not a burst
        entry({ number: 3, ipHash: 'A', at: T0 + 60_000 }),
        entry({ number: 4, ipHash: 'B', at: T0 }),
        entry({ number: 5, ipHash: 'B', at: T0 + 1000 }),
      ],
      { burst: rule },
    )
    expect(flags.size).toBe(0)
    const burst = screenEntries(
      [entry({ number: 1, ipHash: 'A', at: T0 }), entry({ number: 2, ipHash: 'A', at: T0 + 30_000 }), entry({ number: 3, ipHash: 'A', at: T0 + 59_999 })],
      { burst: rule },
    )
    expect([...burst.keys()].sort()).toEqual([1, 2, 3])
    expect(burst.get(2)![0]).toMatchObject({ kind: 'burst-address', group: 'burst-address:1', first: 1, size: 3 })
    expect(burst.get(2)![0]!.explanation).toBe('3 entries came from the same network address within 60 seconds (screening flags 3 or more within 60 seconds).')
  })

  it('makes one group of overlapping windows and a new group after a quiet spell', () => {
    const times = [0, 10, 20, 50, 100, 3600, 3601, 3602].map((s) => T0 + s * 1000)
    const list = times.map((at, i) => entry({ number: i + 1, deviceHash: 'D', at }))
    const flags = screenEntries(list, { burst: rule })
    // 0,10,20,50 overlap (0-50 within 60 s); 100 is alone with 50 (2 in 60 s): not flagged.
    expect([1, 2, 3, 4].map((n) => flags.get(n)?.[0]?.group)).toEqual(Array(4).fill('burst-device:1'))
    expect(flags.has(5)).toBe(false)
    expect([6, 7, 8].map((n) => flags.get(n)?.[0]?.group)).toEqual(Array(3).fill('burst-device:6'))
    expect(flags.get(6)![0]!.size).toBe(3)
  })

  it('refuses rows fed out of time order', () => {
    const screen = new BurstScreen('burst-address', rule, () => {})
    screen.push(1, 'A', T0 + 5)
    expect(() => screen.push(2, 'A', T0)).toThrow(/time order/)
  })
})

describe('disposable e-mail domains', () => {
  const list = new Set(['mailinator.com', 'guerrillamail.com'])
  it('flags a listed domain and its subdomains, never a domain that only ends with the same letters', () => {
    expect(disposableDomainOf('mailinator.com', list)).toBe('mailinator.com')
    expect(disposableDomainOf('eu.mailinator.com', list)).toBe('mailinator.com')
    expect(disposableDomainOf('notmailinator.com', list)).toBeNull()
    expect(disposableDomainOf('gmail.com', list)).toBeNull()
    const flags = screenEntries([entry({ number: 7, emailKey: 'x@mailinator.com' }), entry({ number: 8, emailKey: 'y@gmail.com' })], {
      disposableDomains: list,
    })
    expect(flags.get(7)).toEqual([
      {
        kind: 'disposable-email',
        group: 'disposable-email:mailinator.com',
        first: 7,
        size: 1,
        explanation: 'The e-mail address is at mailinator.com, a disposable (throwaway) e-mail service.',
      },
    ])
    expect(flags.has(8)).toBe(false)
  })
})

// Small alphabets make collisions (duplicates, bursts) common in generated data.
const entriesArb = fc
  .array(
    fc.record({
      emailKey: fc.option(fc.constantFrom('a@x.au', 'b@x.au', 'c@mailinator.com', 'd@x.au'), { nil: null }),
      phoneKey: fc.option(fc.constantFrom('0400000001', '0400000002', '0400000003'), { nil: null }),
      namePostcodeKey: fc.option(fc.constantFrom('jo|2000', 'al|3000'), { nil: null }),
      ipHash: fc.option(fc.constantFrom('ip1', 'ip2'), { nil: null }),
      deviceHash: fc.option(fc.constantFrom('dev1', 'dev2', 'dev3'), { nil: null }),
      at: fc.integer({ min: 0, max: 600 }).map((s) => T0 + s * 1000),
    }),
    { maxLength: 60 },
  )
  .map((rows) => rows.map((r, i) => ({ ...r, number: i + 1 })))
const options = { burst: { count: 3, seconds: 30 }, disposableDomains: new Set(['mailinator.com']) }
const normalised = (flags: Map<number, EntryFlag[]>) => [...flags].sort(([a], [b]) => a - b)

describe('screening, any entries (property-based)', () => {
  it('the flags do not depend on the order the entries are given in', () => {
    fc.assert(
      fc.property(
        entriesArb.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }))),
        ([list, shuffled]) => {
          expect(normalised(screenEntries(shuffled, options))).toEqual(normalised(screenEntries(list, options)))
        },
      ),
    )
  })

  it('each duplicate group has one original, its lowest entry number, and every member shares the key', () => {
    fc.assert(
      fc.property(entriesArb, (list) => {
        const flags = screenEntries(list, options)
        const groups = new Map<string, { n: number; f: EntryFlag }[]>()
        for (const [n, fs] of flags) for (const f of fs) if (f.kind.startsWith('duplicate')) groups.set(f.group, [...(groups.get(f.group) ?? []), { n, f }])
        for (const members of groups.values()) {
          expect(members.length).toBeGreaterThanOrEqual(2)
          expect(members.length).toBe(members[0]!.f.size)
          const originals = members.filter((m) => m.f.original)
          expect(originals.map((m) => m.n)).toEqual([Math.min(...members.map((m) => m.n))])
          const key = { 'duplicate-email': 'emailKey', 'duplicate-phone': 'phoneKey', 'duplicate-name-postcode': 'namePostcodeKey' }[
            members[0]!.f.kind as 'duplicate-email'
          ] as 'emailKey'
          expect(new Set(members.map((m) => list[m.n - 1]![key])).size).toBe(1)
        }
        // At most one flag of each kind per entry: an original is never also a later member of a group of its kind.
        for (const fs of flags.values()) {
          const perKind = new Map<string, number>()
          for (const f of fs) perKind.set(f.kind, (perKind.get(f.kind) ?? 0) + 1)
          expect([...perKind.values()].every((c) => c === 1)).toBe(true)
        }
      }),
    )
  })

  it('an entry is in a burst exactly when some window of the rule holds it and enough others of its address (brute force)', () => {
    fc.assert(
      fc.property(entriesArb, (list) => {
        const flags = screenEntries(list, options)
        const span = options.burst.seconds * 1000
        for (const e of list) {
          const expected =
            e.ipHash !== null &&
            list.some((s) => {
              if (s.ipHash !== e.ipHash || s.at > e.at) return false
              // windows starting at an entry s: [s.at, s.at + span)
              const inWindow = list.filter((o) => o.ipHash === e.ipHash && o.at >= s.at && o.at < s.at + span)
              return e.at < s.at + span && inWindow.length >= options.burst.count
            })
          expect(kinds(flags, e.number).includes('burst-address')).toBe(expected)
        }
      }),
    )
  })
})
