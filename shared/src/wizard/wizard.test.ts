import { describe, expect, it } from 'vitest'
import { ADVERTISING_METHOD_FLAGS, DRAW_METHOD_FLAGS, ENTRY_METHOD_FLAGS, PRIZE_CATEGORY_FLAGS } from '../permits/options'
import { ausStatesOf } from '../states'
import type { PromotionForValidity } from './section-validity'
import {
  getApplicationIssues,
  getApplicationValidity,
  getCompletedSections,
  getSectionValidity,
  getStepValidity,
  isApplicationComplete,
} from './section-validity'
import { findStepByRoute, getVisibleSections, getWizardSteps, isSectionVisible, WIZARD_STEPS } from './steps'

const clock = { now: new Date('2026-03-01T00:00:00Z') }
const address = { lineOne: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' }

function completePromotion(overrides: Partial<PromotionForValidity> = {}): PromotionForValidity {
  return {
    id: 1,
    versionNumber: 3,
    name: 'Win a trip',
    ausStates: ausStatesOf('nsw', 'vic'),
    includeNz: false,
    totalPrizeValue: 2_000_000,
    prizeValueNSW: 1_500_000,
    prizeValueVIC: 500_000,
    prizeQuantityTotal: 1,
    prizeDescription: 'A trip',
    prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.travel,
    managedSubmission: true,
    randomDraw: true,
    termsAndConditions: true,
    abridgedTC: false,
    hostedTC: false,
    skillsBasedTC: false,
    hasNswAuthority: false,
    winnersDrawnElectronically: true,
    attachments: [
      { attachmentType: { code: 'B' }, exists: true },
      { attachmentType: { code: 'E' }, uploaded: true },
    ],
    actionEntry: { actionFields: [], actionQuestions: [] },
    permit: {
      startDate: '2026-04-01',
      startTime: '09:00',
      endDate: '2026-05-01',
      endTime: '15:00',
      under18s: true,
      inducementsOffered: false,
      advertisingMethodsValue: ADVERTISING_METHOD_FLAGS.digital,
      promotedProducts: 'Coffee',
      entryMethodsValue: ENTRY_METHOD_FLAGS.internet,
      entryMethodsWebsite: 'www.example.com.au',
      entryMechanic: 'Enter online',
      drawMethodsValue: DRAW_METHOD_FLAGS.singleAll,
      finalDraw: { date: '2026-05-05', time: '15:00', locationAddress: address, notification: { method: 'email', date: '2026-05-07' } },
      unclaimedDraw: { date: '2026-08-05', time: '15:00', locationAddress: address },
      scrutineerRequired: false,
      applicant: {
        organisation: 'Acme Pty Ltd',
        abnacn: '51 824 753 556',
        businessAddress: address,
        postalSameAsBusiness: true,
        nswAuthorityDuration: 1,
        contact: { firstName: 'Jo', lastName: 'Bloggs', phone: '0299990000', email: 'jo@example.com' },
      },
    },
    ...overrides,
  }
}

describe('wizard steps', () => {
  it('six steps with sections and route keys', () => {
    expect(WIZARD_STEPS.map((s) => [s.name, s.routeKey, s.sections.join(',')])).toEqual([
      ['General', 'details', 'details'],
      ['Applicant', 'peopleroles', 'applicant,contact'],
      ['Entry/draw', 'entrymethodswinners', 'entry,finaldraw,unclaimeddraw,notification'],
      ['Prizes', 'prizes', 'categories,breakdown'],
      ['Attachments', 'attachments', 'attachments'],
      ['Comments', 'comments', 'comments,questions'],
    ])
  })
  it('not managed: no attachments step', () => {
    expect(getWizardSteps({ managedSubmission: false }).map((s) => s.key)).toEqual(['general', 'applicant', 'entryDraw', 'prizes', 'comments'])
  })
  it('skill: drops from index 4; Applicant is named Promoter', () => {
    const steps = getWizardSteps({ skillsBasedTC: true })
    expect(steps.map((s) => s.key)).toEqual(['general', 'applicant', 'entryDraw', 'prizes'])
    expect(steps[1].name).toBe('Promoter')
  })
  it('finds steps by route value', () => {
    expect(findStepByRoute('unclaimeddraw', {})?.key).toBe('entryDraw')
    expect(findStepByRoute(undefined, {})?.key).toBe('general')
    expect(findStepByRoute('attachments', { managedSubmission: false })).toBeUndefined()
  })
})

describe('section visibility', () => {
  it('entry hidden for ACT-only', () => {
    expect(isSectionVisible('entry', { ausStates: ausStatesOf('act') })).toBe(false)
    expect(isSectionVisible('entry', { ausStates: ausStatesOf('act', 'nsw') })).toBe(true)
  })
  it.each([
    [{ ausStates: ausStatesOf('nsw') }, true],
    [{ ausStates: ausStatesOf('vic'), termsAndConditions: true }, true],
    [{ ausStates: ausStatesOf('vic'), skillsBasedTC: true }, true],
    [{ ausStates: ausStatesOf('vic') }, false],
  ])('categories %j → %s', (context, visible) => {
    expect(isSectionVisible('categories', context)).toBe(visible)
  })
  it('draw sections hidden for skill', () => {
    const entryDraw = getWizardSteps({ skillsBasedTC: true })[2]
    expect(getVisibleSections(entryDraw, { skillsBasedTC: true, ausStates: ausStatesOf('vic') })).toEqual(['entry', 'notification'])
  })
})

describe('section validity', () => {
  it('a complete promotion is valid everywhere it applies', () => {
    const promotion = completePromotion()
    expect(getApplicationIssues(promotion, clock)).toEqual({})
    expect(isApplicationComplete(promotion, clock)).toBe(true)
    expect(getSectionValidity(promotion, 'details', clock)).toBe('valid')
    expect(getSectionValidity(promotion, 'questions', clock)).toBe('neutral')
    expect(getSectionValidity(promotion, 'comments', clock)).toBe('neutral')
    expect(getCompletedSections(promotion, clock)).toContain('breakdown')
  })

  it('hidden sections are neutral', () => {
    const promotion = completePromotion({ ausStates: ausStatesOf('act'), prizeValueNSW: null, prizeValueACT: 2_000_000 })
    expect(getSectionValidity(promotion, 'entry', clock)).toBe('neutral')
  })

  it('a missing field makes its section and step invalid and the application incomplete', () => {
    const promotion = completePromotion()
    promotion.permit = { ...promotion.permit, endDate: '2026-03-01' }
    expect(getSectionValidity(promotion, 'details', clock)).toBe('invalid')
    expect(getStepValidity(promotion, 'general', clock)).toBe('invalid')
    expect(isApplicationComplete(promotion, clock)).toBe(false)
    expect(getApplicationIssues(promotion, clock)).toHaveProperty(['permit.endDate'])
  })

  it('comments and questions are invalid when an action question lacks an answer', () => {
    const promotion = completePromotion({
      actionEntry: {
        actionFields: [],
        actionQuestions: [
          { question: 'Why?', answer: '' },
          { question: 'When?', answer: 'Now' },
        ],
      },
    })
    expect(getSectionValidity(promotion, 'comments', clock)).toBe('invalid')
    expect(getSectionValidity(promotion, 'questions', clock)).toBe('invalid')
    expect(getStepValidity(promotion, 'comments', clock)).toBe('invalid')
    expect(getApplicationIssues(promotion, clock)).toHaveProperty(['actionEntry.actionQuestions.0.answer'])
    promotion.actionEntry!.actionQuestions[0].answer = 'Because'
    expect(getSectionValidity(promotion, 'questions', clock)).toBe('valid')
  })

  it('contact position is required when ACT or SA permits are required', () => {
    const promotion = completePromotion({
      ausStates: ausStatesOf('nsw', 'act'),
      prizeValueVIC: null,
      prizeValueACT: 500_000,
      prizePublicationACT: 'Website',
      prizePublicationDateACT: '2026-05-12',
    })
    expect(getSectionValidity(promotion, 'contact', clock)).toBe('invalid')
  })

  it('scrutineer question required for NSW above $10,000 with a drawn method', () => {
    const promotion = completePromotion()
    promotion.permit = { ...promotion.permit, scrutineerRequired: null }
    expect(getSectionValidity(promotion, 'finaldraw', clock)).toBe('invalid')
  })

  it('attachments: required codes need a valid attachment; reuse counts', () => {
    const missing = completePromotion({ attachments: [{ attachmentType: { code: 'B' }, exists: true }] })
    expect(getSectionValidity(missing, 'attachments', clock)).toBe('invalid')
    const reused = completePromotion({
      attachments: [
        { attachmentType: { code: 'B' }, exists: true },
        { attachmentType: { code: 'E' }, reuseFromPromotion: 7 },
      ],
    })
    expect(getSectionValidity(reused, 'attachments', clock)).toBe('valid')
    expect(getSectionValidity({ ...missing, managedSubmission: false }, 'attachments', clock)).toBe('neutral')
  })
})

describe('getApplicationValidity', () => {
  const endBeforeStart = completePromotion()
  endBeforeStart.permit = { ...endBeforeStart.permit, endDate: '2026-03-01' }
  it.each([
    ['complete', completePromotion()],
    ['end date before start', endBeforeStart],
    ['unanswered action question', completePromotion({ actionEntry: { actionFields: [], actionQuestions: [{ question: 'Why?', answer: '' }] } })],
    [
      'ACT and SA without a contact position',
      completePromotion({ ausStates: ausStatesOf('nsw', 'act', 'sa'), prizeValueVIC: null, prizeValueACT: 500_000, prizeValueSA: 100_000 }),
    ],
    ['skill, self-submitted', completePromotion({ skillsBasedTC: true, managedSubmission: false, randomDraw: false })],
    ['nothing filled in', { ...completePromotion(), name: '', permit: {} } as PromotionForValidity],
  ])('%s: the same as asking each section and step separately', (_name, promotion) => {
    const all = getApplicationValidity(promotion, clock)
    expect(all.issues).toEqual(getApplicationIssues(promotion, clock))
    const wizard = {
      managedSubmission: promotion.managedSubmission,
      skillsBasedTC: promotion.skillsBasedTC,
      termsAndConditions: promotion.termsAndConditions,
      ausStates: promotion.ausStates,
    }
    const steps = getWizardSteps(wizard)
    expect(Object.keys(all.steps)).toEqual(steps.map((step) => step.key))
    for (const step of steps) {
      expect(all.steps[step.key]).toBe(getStepValidity(promotion, step.key, clock))
      for (const section of getVisibleSections(step, wizard)) expect(all.sections[section]).toBe(getSectionValidity(promotion, section, clock))
    }
  })
})
