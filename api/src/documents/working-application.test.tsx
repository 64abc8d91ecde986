import fs from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { PdfService } from '../pdf/pdf-service'
import { renderWorkingApplication, type WorkingApplicationInput } from './working-application'

const promotion: WorkingApplicationInput = {
  id: 42,
  name: 'Win a <script>alert(1)</script> holiday',
  statusId: 1,
  startDate: '2027-02-01',
  totalPrizeValue: 1_200_000,
  ausStates: { act: true, nsw: true, sa: false, vic: false, nt: false, wa: false, qld: false, tas: false },
  includeNz: false,
  managedSubmission: true,
  randomDraw: true,
  termsAndConditions: false,
  abridgedTC: false,
  hostedTC: false,
  skillsBasedTC: false,
  hasNswAuthority: false,
  hasInstantWinPrizes: null,
  winnersDrawnElectronically: true,
  randomDrawMachineApproved: true,
  permit: { details: { promotedProducts: 'Coffee beans', under18s: true } },
  applicant: { organisation: 'Bean There Pty Ltd', abnacn: '51824753556', contact: { firstName: 'Ana', lastName: 'Ruiz' } },
}
const now = new Date('2026-11-21T00:00:00Z')

describe('renderWorkingApplication', () => {
  const html = renderWorkingApplication(promotion, { productName: 'PermitDesk', now })

  it('escapes what the customer typed', () => {
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&lt;script&gt;')
  })

  it('shows the permits and fees the rules give: NSW and ACT above their thresholds', () => {
    expect(html).toContain('NSW, ACT')
    expect(html).toContain('NSW licence fee')
    expect(html).toContain('$468')
    expect(html).toContain('ACT licence fee')
    expect(html).toContain('$721')
    expect(html).toContain('Random draw')
  })

  it('lists every section with what was entered and marks the rest', () => {
    for (const section of ['Promo details', 'Applicant', 'Contact person', 'Entry method', 'Final prize draw', 'Prize details', 'Comments']) expect(html).toContain(section)
    expect(html).toContain('Coffee beans')
    expect(html).toContain('Bean There Pty Ltd')
    expect(html).toContain('Nothing entered yet.')
  })

  it('falls back to "Untitled permit" for a blank name', () => {
    expect(renderWorkingApplication({ ...promotion, name: '' }, { productName: 'PermitDesk', now })).toContain('Untitled permit')
  })
})

describe.runIf(fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'))('working PDF', () => {
  const service = new PdfService({ poolSize: 1 })
  afterAll(() => service.close())
  it('prints as a PDF', async () => {
    const pdf = await service.render(renderWorkingApplication(promotion, { productName: 'PermitDesk', now }))
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  })
})
