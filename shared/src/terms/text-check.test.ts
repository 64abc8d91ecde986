import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DRAW_METHOD_FLAGS, ENTRY_METHOD_FLAGS, PRIZE_CATEGORY_FLAGS } from '../permits/options'
import { generateTermsDocument, renderTermsHtml, termsDocumentText, type TermsDocument, type TermsSource } from './generate'
import { cleanPlaceholderValue, fillPlaceholders } from './placeholders'
import { SEED_TERMS_CLAUSES } from './seed-clauses'
import { CURRENT_RULE_SET } from '../rules/rule-sets'
import { requiredStateStatements, termsStateRules, TERMS_STATE_STATEMENTS_2020 } from './state-requirements'
import { checkTermsDocument, checkTermsHtml, checkTermsLine, termsTextDefectMessage } from './text-check'

function source(change: (s: TermsSource) => void = () => {}): TermsSource {
  const s: TermsSource = {
    name: 'Winter giveaway',
    ausStates: { nsw: true },
    totalPrizeValue: 450_000,
    prizeValueNSW: 450_000,
    prizeQuantityTotal: 3,
    prizeDescription: 'a $1,500 Coles gift card each.',
    prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.voucher,
    maxPrizeValue: 150_000,
    permit: {
      startDate: '2026-03-05',
      startTime: '09:00',
      endDate: '2026-04-04',
      endTime: '15:00',
      under18s: false,
      entryMethodsValue: ENTRY_METHOD_FLAGS.internet,
      entryMethodsWebsite: 'https://acme.example/win',
      entryMechanic: 'Enter your details at acme.example/win',
      drawMethodsValue: DRAW_METHOD_FLAGS.singleAll,
      finalDraw: {
        date: '2026-04-10',
        time: '11:00',
        locationAddress: { lineOne: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
        notification: { method: 'email', date: '2026-04-12' },
      },
      unclaimedDraw: { date: '2026-07-10', time: '11:00', locationAddress: { lineOne: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' } },
      applicant: {
        organisation: 'Acme Pty Ltd',
        abnacn: '51824753556',
        website: 'https://acme.example',
        businessAddress: { lineOne: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
      },
    },
  }
  change(s)
  return s
}
const text = (s: TermsSource) => termsDocumentText(generateTermsDocument(s, SEED_TERMS_CLAUSES, 'chance'))
const doc = (s: TermsSource) => generateTermsDocument(s, SEED_TERMS_CLAUSES, 'chance')
const kinds = (line: string) => checkTermsLine(line, 'Prizes').map((d) => d.kind)

describe('the text check names each defect', () => {
  it.each([
    ['a $1,500 Coles gift card each.. Number of prizes: 3.', 'doubled-punctuation'],
    ['Sydney,, NSW 2000.', 'doubled-punctuation'],
    ['Prizes: a hamper., and more.', 'doubled-punctuation'],
    ['The promoter is {promoter.name}.', 'unfilled-placeholder'],
    ['The promoter is {promoter.shoeSize}.', 'unfilled-placeholder'],
    ['Winners are  notified by email.', 'doubled-space'],
    ['Winners are notified by email .', 'space-before-punctuation'],
    ['Entry methods: .', 'dangling-list'],
    ['Entry methods: Internet, SMS and.', 'dangling-list'],
    ['Entry methods: Internet,', 'dangling-list'],
    ['Prizes:', 'dangling-list'],
    ['', 'empty-clause'],
    [' . ', 'empty-clause'],
  ])('%j has %s', (line, kind) => expect(kinds(line)).toContain(kind))

  it.each([
    'The promotion starts at 9:00 am AEDT on 5 Mar 2026 and ends at 3:00 pm AEDT on 4 Apr 2026 (Sydney time).',
    'Full terms at https://tc.example/t/Ab3dE9xYz1/',
    'Total prize pool: $1,500.50.',
    'Authorised under NSW Permit No. NTP/01234.',
    'Prize pool by state: ACT $20,000; NSW $20,000.',
    'Call 19 99 99… or not.',
  ])('clean text passes: %j', (line) => expect(checkTermsLine(line, 'x')).toEqual([]))

  it('a clause without paragraphs is an empty clause, and the refusal names the clause and the defect', () => {
    const bad: TermsDocument = {
      kind: 'skill',
      title: 'X: Terms and conditions',
      promotionName: 'X',
      sections: [{ key: 'prizes', title: 'Prizes', paragraphs: [] }],
    }
    const defects = checkTermsDocument(bad)
    expect(defects.map((d) => d.kind)).toEqual(['empty-clause'])
    expect(termsTextDefectMessage(defects)).toBe('These terms and conditions were not saved: the clause “Prizes” has no text. Please correct it and try again.')
    const dotted = checkTermsLine('a $1,500 Coles gift card each.. Number of prizes: 3.', 'Prizes')
    expect(termsTextDefectMessage(dotted)).toBe(
      'These terms and conditions were not saved: the clause “Prizes” has doubled punctuation (“…gift card each.. Number of prizes:…”). Please correct it and try again.',
    )
  })

  it('checks staff HTML: paragraphs, list items and headings without text under them', () => {
    expect(checkTermsHtml('<article><h1>T</h1><ol><li id="clause-a"><h2>Prizes</h2><p>A hamper.. Three.</p></li></ol></article>').map((d) => d.kind)).toEqual([
      'doubled-punctuation',
    ])
    expect(checkTermsHtml('<article><h1>T</h1><ol><li><h2>Prizes</h2></li><li><h2>Privacy</h2><p>Fine.</p></li></ol></article>')).toEqual([
      { kind: 'empty-clause', clause: 'Prizes', excerpt: '' },
    ])
    expect(checkTermsHtml('<h2>Privacy</h2><ul><li>One {promoter.name}</li></ul>').map((d) => d.kind)).toEqual(['unfilled-placeholder'])
    expect(checkTermsHtml(renderTermsHtml(doc(source())))).toEqual([])
  })
})

describe('clean text by construction', () => {
  it('a placeholder that ends its own sentence takes the place of the full stop (the issue’s "each.. Number")', () => {
    expect(text(source())).toContain('Prizes: a $1,500 Coles gift card each. Number of prizes: 3.')
    expect(fillPlaceholders('Prizes: {prizes.description}. Next', { 'prizes.description': 'Why not?' })).toBe('Prizes: Why not? Next')
    expect(fillPlaceholders('{promoter.name}, of Sydney', { 'promoter.name': 'Acme Co.' })).toBe('Acme Co, of Sydney')
  })

  it('customer text is cleaned of doubled spaces and marks', () => {
    expect(cleanPlaceholderValue('  a  hamper ,, and  more...  ')).toBe('a hamper, and more…')
  })

  it('money, dates, times with the Sydney zone, the ABN and phone numbers come from the shared formatters', () => {
    const t = text(
      source((s) => {
        s.permit!.entryMethodsValue = ENTRY_METHOD_FLAGS.sms
        s.permit!.entryMethodsPhoneNumbers = '199999'
      }),
    )
    expect(t).toContain('Acme Pty Ltd (ABN 51 824 753 556)')
    expect(t).not.toContain('51824753556')
    expect(t).toContain('Total prize pool: $4,500.')
    expect(t).toContain('The winners will be drawn at 11:00 am AEST on 10 Apr 2026 at 1 George Street, Sydney NSW 2000.')
    expect(t).toContain('Winners will be notified by email by 12 Apr 2026.')
    expect(t).toContain('are made to 19 99 99.')
    expect(text(source((s) => void (s.permit!.applicant!.abnacn = '004085616')))).toContain('(ACN 004 085 616)')
  })

  it('whatever a customer types into the free-text answers, the seed library generates text the check passes', () => {
    const free = fc.oneof(
      fc.constant(''),
      fc.constant('a hamper.'),
      fc.constant('Why not?'),
      fc.constant('  spaced  out  '),
      fc.constant('dots...'),
      fc.constant('ends,'),
      fc.constant('. leading'),
      fc.constant('list:'),
      fc.string({ maxLength: 30 }).map((x) => x.replace(/[{}]/g, '')),
      fc.stringMatching(/^[a-z .,;:!?]{0,20}$/),
    )
    fc.assert(
      fc.property(free, free, free, free, (description, mechanic, organisation, judges) => {
        const s = source((x) => {
          x.prizeDescription = description
          x.permit!.entryMechanic = mechanic
          x.permit!.applicant!.organisation = organisation
          x.permit!.judges = judges
        })
        const defects = [
          ...checkTermsDocument(doc(s), { ausStates: s.ausStates }),
          ...checkTermsDocument(generateTermsDocument(s, SEED_TERMS_CLAUSES, 'skill')),
        ]
        expect(defects).toEqual([])
      }),
      { numRuns: 300 },
    )
  })
})

describe('clauses that follow the facts', () => {
  it('who conducts the draw: the provider’s service when bought, a named scrutineer, else the promoter', () => {
    expect(text(source((s) => void (s.randomDraw = true)))).toContain(
      'The draw is conducted by PermitDesk on behalf of the promoter, using its random draw service',
    )
    expect(text(source((s) => void (s.randomDraw = true)))).not.toContain('The draw is conducted by the promoter')
    const scrutineered = text(source((s) => Object.assign(s.permit!, { scrutineerRequired: true, scrutineerName: 'Jane Citizen of Audit Co' })))
    expect(scrutineered).toContain(
      'The draw is conducted by the promoter in a way that gives every entry an equal chance of being drawn, under the supervision of Jane Citizen of Audit Co, an independent scrutineer.',
    )
    expect(text(source())).toContain('The draw is conducted by the promoter in a way that gives every entry an equal chance of being drawn.')
    const privacy = text(source((s) => void (s.randomDraw = true)))
    expect(privacy).toContain('the promoter gives the entries to PermitDesk')
    expect(text(source())).not.toContain('gives the entries to')
  })

  it('instant wins only: no draw sentence, and the winning entries are chosen at random', () => {
    const t = text(source((s) => Object.assign(s.permit!, { drawMethodsValue: DRAW_METHOD_FLAGS.instantElectronic, finalDraw: null })))
    expect(t).not.toContain('The winners will be drawn')
    expect(t).toContain('The winning entries are chosen by the promoter using a computer system that selects at random.')
  })

  it('permit numbers only for the states whose permit is required', () => {
    expect(text(source())).not.toContain('permit')
    const required = text(source((s) => Object.assign(s, { ausStates: { nsw: true, act: true }, totalPrizeValue: 450_000 })))
    expect(required).toContain('The ACT permit has been applied for; the permit number will be added to these terms when issued.')
    expect(required).not.toContain('NSW permit')
  })

  it('every statement a chosen state requires is present, for any choice of states', () => {
    const states = fc.record({
      act: fc.boolean(),
      nsw: fc.boolean(),
      sa: fc.boolean(),
      vic: fc.boolean(),
      qld: fc.boolean(),
      tas: fc.boolean(),
      wa: fc.boolean(),
      nt: fc.boolean(),
    })
    fc.assert(
      fc.property(states, fc.integer({ min: 0, max: 5_000_000 }), fc.boolean(), (ausStates, total, randomDraw) => {
        const s = source((x) => Object.assign(x, { ausStates, totalPrizeValue: total, randomDraw }))
        const d = doc(s)
        const keys = d.sections.map((x) => x.key)
        for (const r of requiredStateStatements(ausStates)) expect(keys).toContain(r.clause)
        expect(checkTermsDocument(d, { ausStates })).toEqual([])
      }),
      { numRuns: 100 },
    )
  })

  it('the state figures are data: VIC, SA, ACT and QLD statements carry them', () => {
    const t = text(source((s) => void (s.ausStates = { vic: true, sa: true, act: true, qld: true })))
    expect(t).toContain(
      'Winners of prizes valued over $1,000 will have their name and suburb published at https://acme.example/win within 30 days of the draw.',
    )
    expect(t).toContain(
      'Winners will be notified in writing within 7 days of the draw, and their names will be published at https://acme.example/win within 30 days of the draw.',
    )
    expect(t).toContain('Winners of prizes valued at $1,000 or more will have their name and suburb published in')
    expect(t).toContain('The name and suburb of each winner will be published at https://acme.example/win')
    // Issue #30: the figure comes from the rule set ("from $2,500.01" is "over $2,500"); the statements are the fallback.
    const rules = termsStateRules({
      ...CURRENT_RULE_SET,
      states: { ...CURRENT_RULE_SET.states, vic: { ...CURRENT_RULE_SET.states.vic, publishWinnersFromPrizeCents: 250_001 } },
    })
    expect(
      termsStateRules({ thresholds: CURRENT_RULE_SET.thresholds }, { ...TERMS_STATE_STATEMENTS_2020, vicPublishAboveCents: 250_000 }).vicPublishAboveCents,
    ).toBe(250_000)
    expect(
      termsDocumentText(
        generateTermsDocument(
          source((s) => void (s.ausStates = { vic: true })),
          SEED_TERMS_CLAUSES,
          'chance',
          { stateRules: rules },
        ),
      ),
    ).toContain('valued over $2,500')
  })

  it('a library without a statement a chosen state requires is refused, naming the state', () => {
    const s = source((x) => void (x.ausStates = { vic: true }))
    const d = generateTermsDocument(
      s,
      SEED_TERMS_CLAUSES.filter((c) => c.key !== 'publication-vic'),
      'chance',
    )
    const defects = checkTermsDocument(d, { ausStates: s.ausStates })
    expect(defects).toEqual([{ kind: 'missing-state-statement', clause: 'publication-vic', excerpt: 'VIC: the publication of winners of prizes over $1,000' }])
  })
})
