import { describe, expect, it } from 'vitest'
import { COMPLIANCE_NOTE_RULES, isComplianceNoteShown, type ComplianceNoteInput } from '../compliance/compliance-notes'
import { DRAW_METHOD_FLAGS, ENTRY_METHOD_FLAGS, PRIZE_CATEGORY_FLAGS } from '../permits/options'
import { getPrizeTierFlags } from '../permits/prize-tiers'
import { ABRIDGED_MAX_CHARS, dateInWords, generateTermsDocument, renderTermsHtml, termsDocumentText, termsHtmlToLines, type TermsSource } from './generate'
import { SEED_TERMS_CLAUSES } from './seed-clauses'
import { findPlaceholders, unknownPlaceholders } from './placeholders'

/** A plain promotion that triggers none of TA–TO. */
function baseSource(): TermsSource {
  return {
    name: 'Winter giveaway',
    ausStates: { nsw: true },
    totalPrizeValue: 20_000,
    prizeValueNSW: 20_000,
    prizeQuantityTotal: 1,
    prizeDescription: 'A hamper',
    prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.other,
    maxPrizeValue: 20_000,
    permit: {
      startDate: '2026-03-05',
      startTime: '09:00',
      endDate: '2026-04-04',
      endTime: '15:00',
      inducementsOffered: false,
      entryMethodsValue: ENTRY_METHOD_FLAGS.form,
      drawMethodsValue: DRAW_METHOD_FLAGS.singleAll,
      finalDraw: { date: '2026-04-10', time: '11:00', locationAddress: { lineOne: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' } },
      applicant: { organisation: 'Acme Pty Ltd', abnacn: '51824753556' },
    },
  }
}

/** Sets what makes one note's display rule true. */
const TRIGGERS: Record<string, (s: TermsSource) => void> = {
  TA: (s) => void (s.prizeCategoriesValue = PRIZE_CATEGORY_FLAGS.motorVehicle),
  TB: (s) => void (s.prizeCategoriesValue = PRIZE_CATEGORY_FLAGS.travel),
  TC: (s) => void (s.prizeCategoriesValue = PRIZE_CATEGORY_FLAGS.realEstate),
  TD: (s) => void (s.prizeCategoriesValue = PRIZE_CATEGORY_FLAGS.liquor),
  TE: (s) => void (s.prizeCategoriesValue = PRIZE_CATEGORY_FLAGS.money),
  TF: (s) => void (s.prizeCategoriesValue = PRIZE_CATEGORY_FLAGS.electrical),
  TG: (s) => void (s.prizeCategoriesValue = PRIZE_CATEGORY_FLAGS.event),
  TH: (s) => void (s.maxPrizeValue = 25_100),
  TI: (s) => void (s.permit!.inducementsOffered = true),
  TJ: (s) => void (s.permit!.entryMethodsValue = ENTRY_METHOD_FLAGS.sms),
  TK: (s) => void (s.permit!.entryMethodsValue = ENTRY_METHOD_FLAGS.internet),
  TL: (s) => void (s.permit!.entryMethodsValue = ENTRY_METHOD_FLAGS.mail),
  TM: (s) => void (s.permit!.entryMethodsValue = ENTRY_METHOD_FLAGS.gaming),
  TN: (s) => void (s.permit!.drawMethodsValue = DRAW_METHOD_FLAGS.predetermined),
  TO: (s) => void (s.permit!.drawMethodsValue = DRAW_METHOD_FLAGS.instantElectronic),
}

function noteInput(s: TermsSource): ComplianceNoteInput {
  return {
    ausStates: s.ausStates,
    prizeCategoriesValue: s.prizeCategoriesValue,
    ...getPrizeTierFlags(s.maxPrizeValue),
    inducementsOffered: s.permit?.inducementsOffered,
    entryMethodsValue: s.permit?.entryMethodsValue,
    drawMethodsValue: s.permit?.drawMethodsValue,
  }
}

const clauseKeysFor = (code: string) => SEED_TERMS_CLAUSES.filter((c) => c.complianceNote === code).map((c) => c.key)
const keysOf = (s: TermsSource) => generateTermsDocument(s, SEED_TERMS_CLAUSES, 'chance').sections.map((x) => x.key)

describe('compliance notes TA–TO each have a clause whose condition is the note’s display rule', () => {
  const codes = COMPLIANCE_NOTE_RULES.map((r) => r.code).filter((c) => c.startsWith('T'))
  it('covers TA to TO', () => {
    expect(codes).toEqual(['TA', 'TB', 'TC', 'TD', 'TE', 'TF', 'TG', 'TH', 'TI', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO'])
  })
  for (const code of codes) {
    it(`${code}: the note's trigger puts its clause in the document, and without it the clause is absent`, () => {
      const keys = clauseKeysFor(code)
      expect(keys.length).toBeGreaterThan(0)
      const plain = baseSource()
      expect(isComplianceNoteShown(code, noteInput(plain))).toBe(false)
      for (const key of keys) expect(keysOf(plain)).not.toContain(key)
      const triggered = baseSource()
      TRIGGERS[code]!(triggered)
      expect(isComplianceNoteShown(code, noteInput(triggered))).toBe(true)
      for (const key of keys) expect(keysOf(triggered)).toContain(key)
    })
  }
})

describe('generateTermsDocument', () => {
  it('is deterministic', () => {
    const a = renderTermsHtml(generateTermsDocument(baseSource(), SEED_TERMS_CLAUSES, 'chance'))
    const b = renderTermsHtml(generateTermsDocument(baseSource(), [...SEED_TERMS_CLAUSES].reverse(), 'chance'))
    expect(a).toBe(b)
  })

  it('writes dates as "5 Mar 2026" and the period in Australian time zones', () => {
    expect(dateInWords('2026-03-05')).toBe('Thursday 5 March 2026')
    const source = baseSource()
    source.ausStates = { nsw: true, sa: true, wa: true }
    const text = termsDocumentText(generateTermsDocument(source, SEED_TERMS_CLAUSES, 'chance'))
    expect(text).toContain('starts at 9:00 am AEDT on 5 Mar 2026')
    expect(text).toContain('ends at 3:00 pm AEDT on 4 Apr 2026')
    expect(text).toContain('in Adelaide from 8:30 am ACDT')
    expect(text).toContain('in Perth from 6:00 am AWST')
  })

  it('escapes every piece of customer text', () => {
    const source = baseSource()
    source.permit!.applicant!.organisation = '<script>alert(1)</script> & Co'
    const html = renderTermsHtml(generateTermsDocument(source, SEED_TERMS_CLAUSES, 'chance'))
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co')
  })

  it('shows permit numbers as each state writes them once saved', () => {
    const source = baseSource()
    source.ausStates = { nsw: true, act: true, sa: true }
    source.totalPrizeValue = 1_500_000
    const before = termsDocumentText(generateTermsDocument(source, SEED_TERMS_CLAUSES, 'chance'))
    expect(before).toContain('The NSW, ACT and SA permits have been applied for; the permit numbers will be added to these terms when issued.')
    const after = termsDocumentText(
      generateTermsDocument(source, SEED_TERMS_CLAUSES, 'chance', {
        permitNumbers: [
          { state: 'SA', number: 'T26/1234' },
          { state: 'ACT', number: 'TP 26/01234' },
          { state: 'NSW', number: 'NTP/01234' },
        ],
      }),
    )
    expect(after).toContain('Authorised under NSW Permit No. NTP/01234, ACT Permit No. TP 26/01234 and SA Permit No. T26/1234.')
  })

  it('skill terms have no draw clauses and carry the judging criteria and judges', () => {
    const source = baseSource()
    source.permit!.judgingCriteria = 'creativity and originality'
    source.permit!.judges = 'a panel of three staff of the promoter'
    const doc = generateTermsDocument(source, SEED_TERMS_CLAUSES, 'skill')
    const keys = doc.sections.map((s) => s.key)
    expect(keys).toContain('judging')
    expect(keys.filter((k) => k.startsWith('draw') || k === 'unclaimed' || k === 'permit-numbers')).toEqual([])
    expect(termsDocumentText(doc)).toContain('creativity and originality')
    expect(termsDocumentText(doc)).toContain('a panel of three staff of the promoter')
  })

  it('abridged: key facts, "Full terms at <hosted link>", within the length limit', () => {
    const source = baseSource()
    source.prizeDescription = 'A very long prize description. '.repeat(80)
    const doc = generateTermsDocument(source, SEED_TERMS_CLAUSES, 'abridged', { hostedUrl: 'https://tc.example/t/Ab3dE9xYz1/' })
    const text = termsDocumentText(doc)
    expect(text.length).toBeLessThanOrEqual(ABRIDGED_MAX_CHARS + 10)
    expect(text).toContain('Full terms at https://tc.example/t/Ab3dE9xYz1/')
    expect(text).toContain('Acme Pty Ltd')
  })

  it('HTML converts back to comparable lines', () => {
    const lines = termsHtmlToLines(renderTermsHtml(generateTermsDocument(baseSource(), SEED_TERMS_CLAUSES, 'chance')))
    expect(lines[0]).toBe('Winter giveaway: Terms and conditions')
    expect(lines).toContain('Privacy')
  })
})

describe('placeholders', () => {
  it('the seed uses only known placeholders', () => {
    for (const clause of SEED_TERMS_CLAUSES) for (const p of clause.paragraphs) expect(unknownPlaceholders(p)).toEqual([])
  })
  it('finds unknown ones', () => {
    expect(findPlaceholders('{promoter.name} and {promoter.shoeSize}')).toEqual(['promoter.name', 'promoter.shoeSize'])
    expect(unknownPlaceholders('{promoter.name} and {promoter.shoeSize}')).toEqual(['promoter.shoeSize'])
  })
})

describe('lexicalToParagraphs', () => {
  it('turns blocks and list items into paragraphs, line breaks into spaces', async () => {
    const { lexicalToParagraphs } = await import('./lexical')
    const t = (text: string) => ({ type: 'text', text })
    const value = {
      root: {
        type: 'root',
        children: [
          { type: 'paragraph', children: [t('Run by '), { type: 'text', text: '{promoter.name}', format: 1 }, t('.')] },
          { type: 'heading', children: [t('Heads')] },
          {
            type: 'list',
            children: [
              { type: 'listitem', children: [t('one')] },
              { type: 'listitem', children: [t('two'), { type: 'linebreak' }, t('lines')] },
            ],
          },
          { type: 'paragraph', children: [] },
        ],
      },
    }
    expect(lexicalToParagraphs(value)).toEqual(['Run by {promoter.name}.', 'Heads', 'one', 'two lines'])
    expect(lexicalToParagraphs(null)).toEqual([])
  })
})

describe('APPROVE_TERMS', () => {
  it('moves "Awaiting submission" into submission through the status table, only from 15', async () => {
    const { resolveTransition } = await import('../status/transitions')
    const { PERMIT_STATUS_IDS: S } = await import('../status/statuses')
    expect(resolveTransition({ from: S.awaitingSubmission, event: 'APPROVE_TERMS', role: 'customer', managedSubmission: true })).toEqual({
      ok: true,
      to: S.submitted,
    })
    expect(resolveTransition({ from: S.awaitingSubmission, event: 'APPROVE_TERMS', role: 'admin', managedSubmission: false })).toEqual({
      ok: true,
      to: S.readyGenerate,
    })
    expect(resolveTransition({ from: S.readySubmission, event: 'APPROVE_TERMS', role: 'customer' })).toEqual({ ok: false, reason: 'NOT_ALLOWED' })
    expect(resolveTransition({ from: S.awaitingSubmission, event: 'APPROVE_TERMS', role: 'system' })).toEqual({ ok: false, reason: 'FORBIDDEN' })
  })
})
