import { describe, expect, it } from 'vitest'
import { dollarsToCents } from '../money'
import { ausStatesOf, STATE_KEYS } from '../states'
import { DRAW_METHOD_FLAGS } from './options'
import { getPrizeTierFlags } from './prize-tiers'
import { getPermitRequirements, normalizeQuizAnswers, unansweredQuizQuestions } from './requirements'
import { isScrutineerQuestionRequired } from './scrutineer'

const $ = (dollars: number | string) => dollarsToCents(dollars)

describe('NSW (threshold 10000)', () => {
  it.each([
    [0, false, true],
    [10000, false, true],
    ['10000.01', true, false],
    [10001, true, false],
    [50000, true, false],
  ])('value %s → required %s, included-but-not-required %s', (value, required, included) => {
    const r = getPermitRequirements({ ausStates: ausStatesOf('nsw'), totalPrizeValue: $(value) })
    expect(r.nsw.required).toBe(required)
    expect(r.nsw.includedButNotRequired).toBe(included)
    expect(r.questions.nswAuthority).toBe(required)
  })
  it('not selected → nothing', () => {
    const r = getPermitRequirements({ ausStates: ausStatesOf('vic'), totalPrizeValue: $(20000) })
    expect(r.nsw).toEqual({ selected: false, required: false, includedButNotRequired: false, undecided: false })
  })
})

describe('ACT (threshold 3000)', () => {
  it.each([
    [2999, false, true],
    [3000, false, true],
    ['3000.01', true, false],
    [3001, true, false],
  ])('value %s → required %s, included-but-not-required %s', (value, required, included) => {
    const r = getPermitRequirements({ ausStates: ausStatesOf('act'), totalPrizeValue: $(value) })
    expect(r.act.required).toBe(required)
    expect(r.act.includedButNotRequired).toBe(included)
  })
})

describe('SA (threshold 5000, then the instant-win question)', () => {
  it.each([
    [5000, undefined, false, false, true, true],
    [5000, true, true, false, false, true],
    [5000, false, false, true, false, true],
    [0, undefined, false, false, true, true],
    ['5000.01', undefined, true, false, false, false],
    [5001, false, true, false, false, false],
  ])('value %s, instant win %s → required %s, included %s, undecided %s, question %s', (value, instant, required, included, undecided, question) => {
    const r = getPermitRequirements({ ausStates: ausStatesOf('sa'), totalPrizeValue: $(value), hasInstantWinPrizes: instant })
    expect(r.sa.required).toBe(required)
    expect(r.sa.includedButNotRequired).toBe(included)
    expect(r.sa.undecided).toBe(undecided)
    expect(r.questions.instantWin).toBe(question)
  })
  it('treats an unset value as 0 (question decides)', () => {
    const r = getPermitRequirements({ ausStates: ausStatesOf('sa'), totalPrizeValue: null, hasInstantWinPrizes: true })
    expect(r.sa.required).toBe(true)
  })
})

describe('NT notice (above 5000 when none of NSW/ACT/SA is required)', () => {
  it.each([
    [ausStatesOf('nt'), 5000, false],
    [ausStatesOf('nt'), 5001, true],
    [ausStatesOf('nt', 'nsw'), 6000, true], // NSW included but not required
    [ausStatesOf('nt', 'act'), 6000, false], // ACT required
    [ausStatesOf('nt', 'nsw'), 10001, false], // NSW required
    [ausStatesOf('vic'), 6000, false],
  ])('%j at %i → %s', (states, value, notice) => {
    expect(getPermitRequirements({ ausStates: states, totalPrizeValue: $(value), hasInstantWinPrizes: false }).ntNotice).toBe(notice)
  })
  it('SA with instant wins counts as required', () => {
    expect(getPermitRequirements({ ausStates: ausStatesOf('nt', 'sa'), totalPrizeValue: $(5001) }).ntNotice).toBe(false)
    expect(getPermitRequirements({ ausStates: ausStatesOf('nt', 'sa'), totalPrizeValue: $(5000), hasInstantWinPrizes: true }).ntNotice).toBe(false)
  })
})

describe('WA, electronic draw, national, NZ, scrutineer addendum', () => {
  it('WA notice whenever WA is selected', () => {
    expect(getPermitRequirements({ ausStates: ausStatesOf('wa'), totalPrizeValue: 0 }).waNotice).toBe(true)
    expect(getPermitRequirements({ ausStates: ausStatesOf('vic'), totalPrizeValue: 0 }).waNotice).toBe(false)
  })
  it('electronic-draw question when at least one state is chosen; machine question when drawn electronically', () => {
    expect(getPermitRequirements({ ausStates: ausStatesOf() }).questions.electronicDraw).toBe(false)
    const r = getPermitRequirements({ ausStates: ausStatesOf('tas'), winnersDrawnElectronically: true })
    expect(r.questions.electronicDraw).toBe(true)
    expect(r.questions.machineApproved).toBe(true)
    expect(getPermitRequirements({ ausStates: ausStatesOf('tas'), winnersDrawnElectronically: false }).questions.machineApproved).toBe(false)
  })
  it('resets the machine-approved flag when not drawn by machine', () => {
    expect(normalizeQuizAnswers({ winnersDrawnElectronically: false, randomDrawMachineApproved: true }).randomDrawMachineApproved).toBe(false)
    expect(normalizeQuizAnswers({ winnersDrawnElectronically: true, randomDrawMachineApproved: true }).randomDrawMachineApproved).toBe(true)
  })
  it('national = all eight; NZ flag passes through', () => {
    const r = getPermitRequirements({ ausStates: { all: true }, includeNz: true, totalPrizeValue: $(60000) })
    expect(r.national).toBe(true)
    expect(r.states).toEqual([...STATE_KEYS])
    expect(r.includeNz).toBe(true)
    expect(r.requiredStates).toEqual(['nsw', 'act', 'sa'])
    expect(r.requiredCount).toBe(3)
  })
  it.each([
    [10000, false],
    [10001, true],
  ])('NSW scrutineer addendum at %i → %s', (value, addendum) => {
    expect(getPermitRequirements({ ausStates: ausStatesOf('nsw'), totalPrizeValue: $(value) }).nswScrutineerAddendum).toBe(addendum)
  })
  it('skill promotions need no permits and no quiz', () => {
    const r = getPermitRequirements({ ausStates: { all: true }, totalPrizeValue: $(100000), skillsBasedTC: true })
    expect(r.requiresPermits).toBe(false)
    expect(r.questions).toEqual({ nswAuthority: false, instantWin: false, electronicDraw: false, machineApproved: false })
  })
})

describe('quiz completeness', () => {
  it('lists visible unanswered questions', () => {
    expect(unansweredQuizQuestions({ ausStates: ausStatesOf('nsw', 'sa'), totalPrizeValue: $(20000) })).toEqual([
      'hasNswAuthority',
      'winnersDrawnElectronically',
    ])
    expect(unansweredQuizQuestions({ ausStates: ausStatesOf('sa'), totalPrizeValue: $(100), winnersDrawnElectronically: true })).toEqual([
      'hasInstantWinPrizes',
      'randomDrawMachineApproved',
    ])
    expect(unansweredQuizQuestions({ ausStates: ausStatesOf('vic'), totalPrizeValue: $(100), winnersDrawnElectronically: false })).toEqual([])
  })
})

describe('scrutineer question (NSW 10001+ or SA 30000+, with a drawn method)', () => {
  const drawn = DRAW_METHOD_FLAGS.singleAll
  const instant = DRAW_METHOD_FLAGS.instantElectronic
  it.each([
    [ausStatesOf('nsw'), 10000, drawn, false],
    [ausStatesOf('nsw'), 10001, drawn, true],
    [ausStatesOf('nsw'), 10001, instant, false],
    [ausStatesOf('nsw'), 10001, instant | drawn, true],
    [ausStatesOf('sa'), 29999, drawn, false],
    ['sa-exact', 30000, drawn, true],
    [ausStatesOf('sa'), 30000, 0, false],
    [ausStatesOf('vic'), 100000, drawn, false],
  ] as const)('%j %i draw %i → %s', (states, value, draw, expected) => {
    const ausStates = states === 'sa-exact' ? ausStatesOf('sa') : states
    expect(isScrutineerQuestionRequired({ ausStates, totalPrizeValue: $(value), drawMethodsValue: draw })).toBe(expected)
  })
  it('uses per-state values when given', () => {
    expect(isScrutineerQuestionRequired({ ausStates: ausStatesOf('nsw'), totalPrizeValue: $(50000), prizeValueNSW: $(5000), drawMethodsValue: drawn })).toBe(
      false,
    )
  })
})

describe('prize tiers 251/501/1001', () => {
  it.each([
    [250, false, false, false],
    [251, true, false, false],
    [500, true, false, false],
    [501, true, true, false],
    [1000, true, true, false],
    [1001, true, true, true],
  ])('%i', (value, t1, t2, t3) => {
    expect(getPrizeTierFlags($(value))).toEqual({ prize251OrMore: t1, prize501OrMore: t2, prize1001OrMore: t3 })
  })
})
