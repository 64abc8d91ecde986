import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MSG_PERMIT_LINE_AWAITING_NUMBER, MSG_PERMIT_LINE_NEEDED, MSG_PERMIT_LINE_WITH_REGULATOR, msgPermitLineIssued } from '../messages'
import { getPermitLineState } from './permit-lines'
import { PERMIT_STATUS_IDS as S, PERMIT_STATUSES } from './statuses'

const line = (statusId: number, permitNumber?: string) => getPermitLineState({ outcome: 'required', statusId, managedSubmission: true, permitNumber })

describe("Permits required, each state's line after lodgement (issue 25)", () => {
  it('NSW + ACT approved with only the NSW number recorded: NSW issued, ACT awaiting its number (never "Permit needed")', () => {
    expect(line(S.approved, 'NTP/13579').text).toBe(msgPermitLineIssued('NTP/13579'))
    expect(line(S.approved).state).toBe('awaiting-number')
    expect(line(S.approved).text).toBe(MSG_PERMIT_LINE_AWAITING_NUMBER)
    // Then staff record ACT: issued too.
    expect(line(S.approved, 'TP 26/00042').text).toBe('Permit issued: TP 26/00042')
  })

  it('says "Permit needed" before lodgement, and "With the regulator" once lodged', () => {
    expect(line(S.incomplete).text).toBe(MSG_PERMIT_LINE_NEEDED)
    expect(line(S.readySubmission).text).toBe(MSG_PERMIT_LINE_NEEDED)
    expect(line(S.submitted).text).toBe(MSG_PERMIT_LINE_WITH_REGULATOR)
    expect(line(S.resubmitted).text).toBe(MSG_PERMIT_LINE_WITH_REGULATOR)
  })

  it("self submission: a generated form is the customer's to lodge", () => {
    expect(getPermitLineState({ outcome: 'required', statusId: S.generated, managedSubmission: false }).state).toBe('lodge-yourself')
  })

  it('states that need no permit keep their words whatever the status', () => {
    expect(getPermitLineState({ outcome: 'not-required', statusId: S.approved, managedSubmission: true, permitNumber: 'X1' }).text).toBe('No permit needed')
    expect(getPermitLineState({ outcome: 'none', statusId: S.approved, managedSubmission: true }).text).toBe('No permit')
  })

  it('for every status: a recorded number reads issued; after approval a required permit never reads as needed', () => {
    const statuses = fc.constantFrom(...PERMIT_STATUSES.map((s) => s.id))
    fc.assert(
      fc.property(statuses, fc.boolean(), fc.option(fc.stringMatching(/^[A-Z0-9/ ]{1,12}$/), { nil: undefined }), (statusId, managedSubmission, number) => {
        const result = getPermitLineState({ outcome: 'required', statusId, managedSubmission, permitNumber: number })
        if (number) expect(result).toEqual({ state: 'issued', text: msgPermitLineIssued(number) })
        if (statusId === S.approved) expect(result.text).not.toBe(MSG_PERMIT_LINE_NEEDED)
      }),
    )
  })
})
