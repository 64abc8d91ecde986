import { MSG_SA_ELECTRONIC_ONLY_FORM } from '@permitdesk/shared'
import { describe, expect, it } from 'vitest'
import { renderStateApplicationForm, renderStateNotice, type LodgementInput } from './lodgement-forms'

const address = { lineOne: '1 George St', lineTwo: '', suburb: 'Sydney', state: 'NSW', postcode: '2000' }
const input: LodgementInput = {
  id: 42,
  name: 'Win a <b>holiday</b>',
  totalPrizeValue: 2_000_000,
  hasNswAuthority: false,
  winnersDrawnElectronically: true,
  permit: {
    startDate: '2027-02-01',
    startTime: '09:00',
    endDate: '2027-03-31',
    endTime: '17:00',
    promotedProducts: 'Coffee beans',
    entryMechanic: 'Buy a bag and enter the code online.',
    finalDraw: {
      date: '2027-04-07',
      time: '15:00',
      locationOrganisation: 'Draw Co',
      locationAddress: address,
      notification: { method: 'email', date: '2027-04-09' },
    },
    scrutineerRequired: true,
    scrutineerName: 'Sam Scrutineer',
  },
  applicant: {
    organisation: 'Bean There Pty Ltd',
    abnacn: '51824753556',
    businessAddress: address,
    postalSameAsBusiness: true,
    contact: { firstName: 'Ana', lastName: 'Ruiz', position: 'Marketing manager', phone: '0291234567', email: 'ana@example.com' },
  },
  details: { prizeValueSA: 500_000, prizeQuantityTotal: 25, prizeDescription: 'A holiday for two.' },
  attachments: [{ code: 'B', name: 'Terms and conditions', packName: 'attachments/B - Terms and conditions.pdf' }],
  fees: { SA: 92_800 },
}

describe('lodgement forms', () => {
  it('lays the SA licence application out in numbered sections with the declaration', () => {
    const html = renderStateApplicationForm('SA', input, { productName: 'PermitDesk', now: new Date('2026-11-23T00:00:00Z') })
    expect(html).toContain('Application for a trade promotion lottery licence')
    expect(html).toContain('Consumer and Business Services (SA)')
    for (const heading of [
      'Section 1: The applicant (promoter)',
      'Section 2: Contact person',
      'Section 3: The promotion',
      'Section 4: Prizes',
      'Section 5: The draw',
      'Section 6: Attachments and fee',
      'Declaration by the applicant',
    ]) {
      expect(html).toContain(heading)
    }
    expect(html).toContain('1.2 ABN or ACN')
    expect(html).toContain('51824753556')
    expect(html).toContain('4.2 Prize value in SA')
    expect(html).toContain('$5,000')
    expect(html).toContain('Sam Scrutineer')
    expect(html).toContain('$928 paid through PermitDesk')
    expect(html).toContain('Win a &lt;b&gt;holiday&lt;/b&gt;')
    expect(html).toContain('Marketing manager')
  })

  it('says on the SA form (and only there) that SA takes it online; carries randomdraws.com and the reused letter (issue 25)', () => {
    const opts = { productName: 'PermitDesk', now: new Date('2026-11-23T00:00:00Z') }
    const online = {
      ...input,
      saElectronicSubmissionOnly: true,
      usingRandomDrawsDotCom: true,
      letterOfAuthorityReused: true,
      applicant: { ...input.applicant, hasLetterOfAuthority: true },
    }
    const sa = renderStateApplicationForm('SA', online, opts)
    expect(sa).toContain(MSG_SA_ELECTRONIC_ONLY_FORM)
    expect(sa).toContain('Yes, on randomdraws.com')
    expect(sa).toContain('Yes: the letter lodged with an earlier promotion')
    expect(renderStateApplicationForm('ACT', online, opts)).not.toContain(MSG_SA_ELECTRONIC_ONLY_FORM)
    const plain = renderStateApplicationForm('SA', input, opts)
    expect(plain).not.toContain(MSG_SA_ELECTRONIC_ONLY_FORM)
    expect(plain).not.toContain('randomdraws.com')
    expect(plain).not.toContain('letter of authority')
  })

  it('titles NSW by the authority answer, and writes the WA/NT notices', () => {
    const opts = { productName: 'PermitDesk', now: new Date('2026-11-23T00:00:00Z') }
    expect(renderStateApplicationForm('NSW', input, opts)).toContain('Application for a trade promotion lottery authority')
    expect(renderStateApplicationForm('NSW', { ...input, hasNswAuthority: true }, opts)).toContain('notification under an existing authority')
    expect(renderStateApplicationForm('ACT', { ...input, fees: {} }, opts)).toContain('Paid by the applicant to the regulator')
    expect(renderStateNotice('WA', input, opts)).toContain('Trade promotion lottery notice')
  })
})
