import { describe, expect, it } from 'vitest'
import { PERMIT_STATUS_IDS as S } from '../status/statuses'
import { ausStatesOf } from '../states'
import { deriveApplicationState, statusAfterSave } from './application-state'

describe('statusAfterSave', () => {
  it.each([
    [S.incomplete, true, true, S.readySubmission],
    [S.incomplete, true, false, S.readyGenerate],
    [S.readySubmission, false, true, S.incomplete],
    [S.readyGenerate, false, false, S.incomplete],
    [S.actionRequired, true, true, S.readyResubmission],
    [S.amendmentsInProgress, true, false, S.readyRegenerate],
    [S.readyResubmission, false, true, S.amendmentsInProgress],
    [S.actionRequired, false, true, S.actionRequired],
    [S.readySubmission, true, true, S.readySubmission],
    [S.submitted, true, true, S.submitted],
  ])('from %i, complete %s, managed %s → %i', (from, complete, managed, to) => {
    expect(statusAfterSave(from, complete, managed)).toBe(to)
  })
})

describe('deriveApplicationState', () => {
  it('flags staff action fields and unanswered questions, and the prize tiers', () => {
    const state = deriveApplicationState(
      {
        ausStates: ausStatesOf('nsw'),
        totalPrizeValue: 100_000,
        maxPrizeValue: 60_000,
        actionEntry: {
          actionFields: [
            { actionFieldSlug: 'entry', checked: true },
            { actionFieldSlug: 'details', checked: false },
          ],
          actionQuestions: [{ question: 'Q?', answer: ' ' }],
        },
        permit: {},
      },
      { now: new Date('2026-11-21T00:00:00Z') },
    )
    expect(state).toMatchObject({
      isActionRequired: true,
      incompleteActionFields: ['entry'],
      prize251OrMore: true,
      prize501OrMore: true,
      prize1001OrMore: false,
      applicationComplete: false,
    })
    expect(state.attachmentsRelevant.split(',')).toContain('X')
    expect(state.complianceNotesRelevant.split(',')).toEqual(expect.arrayContaining(['TH', 'RB', 'RF', 'RH']))
  })
})
