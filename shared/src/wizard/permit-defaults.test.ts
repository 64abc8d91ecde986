import { describe, expect, it } from 'vitest'
import { DRAW_METHOD_FLAGS } from '../permits/options'
import { applyDependentDefaults, isFirstTimeApplication, prefillApplication, type ApplicationDraft } from './permit-defaults'

const d = (draft: ApplicationDraft): ApplicationDraft => draft

const clock = { now: new Date('2026-11-10T01:00:00Z') } // 10 Nov in Sydney: on or before the 15th
const account = { authorisedAgent: false, accountName: 'Pat Promotions', firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com', phone: '0299990000' }

describe('prefillApplication', () => {
  it('fills dates, times and answers, and the applicant from the account for a non-agent', () => {
    const draft = prefillApplication(d({ permit: {} }), { account, clock })
    expect(draft.permit).toMatchObject({
      startDate: '2026-11-11',
      startTime: '09:00',
      endDate: '2026-12-11',
      endTime: '15:00',
      requiredDate: '2026-11-11',
      under18s: true,
      inducementsOffered: false,
      finalDraw: { time: '15:00' },
      unclaimedDraw: { time: '15:00' },
      applicant: {
        organisation: 'Pat Promotions',
        nswAuthorityDuration: 1,
        contact: { firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com', phone: '0299990000' },
      },
    })
  })

  it('starts next month when today is after the 15th, and reuses the latest applicant', () => {
    const latest = { id: 9, promotionId: 9, organisation: 'Acme', abnacn: '51824753556', contact: { firstName: 'Jo' } }
    const draft = prefillApplication(d({ permit: {} }), { account, latestApplicant: latest, clock: { now: new Date('2026-11-20T01:00:00Z') } })
    expect(draft.permit?.startDate).toBe('2026-12-01')
    expect(draft.permit?.requiredDate).toBe('2026-11-24')
    expect(draft.permit?.applicant).toMatchObject({ organisation: 'Acme', abnacn: '51824753556', contact: { firstName: 'Jo' } })
    expect(draft.permit?.applicant).not.toHaveProperty('id')
  })

  it("defaults an agent's final draw location to the agency and leaves the applicant empty", () => {
    const agency = { lineOne: '5 Pitt St', suburb: 'Sydney', state: 'NSW', postcode: '2000' }
    const draft = prefillApplication(d({ permit: {} }), { account: { ...account, authorisedAgent: true, agentBusinessAddress: agency }, clock })
    expect(draft.permit?.finalDraw).toMatchObject({ locationAddress: agency, locationOrganisation: 'Pat Promotions' })
    expect(draft.permit?.applicant?.organisation).toBeUndefined()
  })

  it('keeps what is already there', () => {
    const draft = prefillApplication(d({ permit: { startDate: '2027-01-05', under18s: false } }), { account, clock })
    expect(draft.permit).toMatchObject({ startDate: '2027-01-05', under18s: false })
    expect(isFirstTimeApplication({ permit: { startDate: '2027-01-05' } })).toBe(false)
    expect(isFirstTimeApplication({ permit: {} })).toBe(true)
  })
})

describe('applyDependentDefaults', () => {
  it('follows the final draw with the unclaimed draw, notification and ACT publication dates', () => {
    const next = applyDependentDefaults(
      d({ permit: {} }),
      d({ permit: { drawMethodsValue: DRAW_METHOD_FLAGS.singleAll, finalDraw: { date: '2027-02-10' } } }),
      clock,
    )
    expect(next.permit?.unclaimedDraw?.date).toBe('2027-05-10')
    expect(next.permit?.finalDraw?.notification?.date).toBe('2027-02-12')
    expect(next.prizePublicationDateACT).toBe('2027-02-17')
    const moved = applyDependentDefaults(next, { ...next, permit: { ...next.permit, finalDraw: { ...next.permit!.finalDraw, date: '2027-03-01' } } }, clock)
    expect(moved.permit?.unclaimedDraw?.date).toBe('2027-06-01')
  })

  it('notifies on the draw date for instant-win draws, and keeps dates the user changed', () => {
    const first = applyDependentDefaults(
      d({ permit: {} }),
      d({ permit: { drawMethodsValue: DRAW_METHOD_FLAGS.instantElectronic, finalDraw: { date: '2027-02-10' } } }),
      clock,
    )
    expect(first.permit?.finalDraw?.notification?.date).toBe('2027-02-10')
    const edited = { ...first, permit: { ...first.permit, unclaimedDraw: { date: '2027-04-01' } } }
    const moved = applyDependentDefaults(
      edited,
      { ...edited, permit: { ...edited.permit, finalDraw: { ...edited.permit!.finalDraw, date: '2027-02-20' } } },
      clock,
    )
    expect(moved.permit?.unclaimedDraw?.date).toBe('2027-04-01')
  })

  it('moves the required date with the start date', () => {
    const first = applyDependentDefaults(d({ permit: {} }), d({ permit: { startDate: '2027-01-20' } }), clock)
    expect(first.permit?.requiredDate).toBe('2027-01-13')
  })
})
