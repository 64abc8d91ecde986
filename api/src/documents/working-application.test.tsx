import fs from 'node:fs'
import { ADVERTISING_METHOD_FLAGS, customerStatusName, DRAW_METHOD_FLAGS, ENTRY_METHOD_FLAGS, PRIZE_CATEGORY_FLAGS, keysToFlags } from '@permitdesk/shared'
import { afterAll, describe, expect, it } from 'vitest'
import { PdfService } from '../pdf/pdf-service'
import { renderWorkingApplication, type WorkingApplicationInput } from './working-application'

const address = { lineOne: '1 George St', lineTwo: 'Level 2', suburb: 'Sydney', state: 'NSW', postcode: '2000' }

/** A promotion with every answer of the application filled in (NSW and ACT, managed submission). */
const filled: WorkingApplicationInput = {
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
  servicesString: 'Managed permit submission, Random draw',
  permit: {
    startDate: '2027-02-01',
    startTime: '09:00',
    endDate: '2027-03-31',
    endTime: '15:00',
    requiredDate: '2027-01-25',
    under18s: true,
    inducementsOffered: false,
    advertisingMethodsValue: keysToFlags(['tv', 'other'], ADVERTISING_METHOD_FLAGS),
    advertisingMethodsOther: 'Shelf wobblers',
    promotedProducts: 'Coffee beans',
    entryMethodsValue: keysToFlags(['internet', 'mail'], ENTRY_METHOD_FLAGS),
    entryMethodsWebsite: 'beanthere.com.au/win',
    entryMechanic: 'Buy a bag.\nEnter the code online.',
    entriesPerDay: 3,
    multiplePrizesAllowed: false,
    drawMethodsValue: keysToFlags(['singleAll'], DRAW_METHOD_FLAGS),
    isComputerDraw: true,
    randomDrawMachineApproved: true,
    finalDraw: {
      multipleDates: false,
      date: '2027-04-07',
      time: '15:00',
      locationOrganisation: 'Draw Co',
      locationAddress: address,
      notification: { method: 'emailAndPhone', date: '2027-04-09' },
    },
    unclaimedDraw: { multipleDates: false, date: '2027-07-07', time: '15:00', locationOrganisation: 'Draw Co', locationAddress: address },
    scrutineerRequired: true,
    scrutineerName: 'Sam Scrutineer',
    nonIndependentScrutineer: false,
    comments: 'Please call after 10am.',
  },
  applicant: {
    organisation: 'Bean There Pty Ltd',
    abnacn: '51824753556',
    tradingName: 'Bean There',
    businessAddress: address,
    postalSameAsBusiness: true,
    website: 'beanthere.com.au',
    nswAuthorityDuration: 1,
    hasLetterOfAuthority: false,
    contact: { title: 'Ms', firstName: 'Ana', lastName: 'Ruiz', position: 'Marketing manager', phone: '0291234567', email: 'ana@beanthere.com.au' },
  },
  details: {
    prizeValueNSW: 1_200_000,
    prizeValueACT: 250_050,
    prizeQuantityTotal: 12,
    prizeDescription: 'A holiday for two\nEleven coffee machines',
    prizeCategoriesValue: keysToFlags(['travel', 'electrical'], PRIZE_CATEGORY_FLAGS),
    maxPrizeValue: 800_000,
    prizePublicationACT: 'The Canberra Times',
    prizePublicationDateACT: '2027-04-14',
    actionEntry: { actionFields: [], actionQuestions: [{ question: 'Who supplies the holiday?', answer: 'Fly Away Travel' }] },
  },
  attachments: [
    {
      attachmentType: { code: 'B', name: 'Terms and conditions' },
      uploaded: true,
      fileName: 'b-42.pdf',
      userFileName: 'terms <b>final</b>.pdf',
      uploadDate: '2026-11-20T01:00:00Z',
    },
  ],
}
const now = new Date('2026-11-21T00:00:00Z')
const render = (promotion: WorkingApplicationInput) => renderWorkingApplication(promotion, { productName: 'PermitDesk', now })
/** The document as text, tags removed and entities decoded, to check what a reader sees. */
const textOf = (html: string) =>
  html
    .replace(/<br\/?>/g, '\n')
    .replace(/<\/(th|td|p|h\d)>/g, ' | ')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')

describe('renderWorkingApplication', () => {
  const html = render(filled)
  const text = textOf(html)

  it('escapes what the customer typed', () => {
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<b>final</b>')
    expect(html).toContain('terms &lt;b&gt;final&lt;/b&gt;.pdf')
  })

  it('has a header with the product, title, status, states, services and generated date', () => {
    expect(text).toContain('PermitDesk · Trade promotion permit application')
    expect(text).toContain('Win a <script>alert(1)</script> holiday')
    expect(text).toContain(`Status | ${customerStatusName(1)}`)
    expect(text).toMatch(/States \| ACT, NSW/)
    expect(text).toMatch(/Services \| Managed permit submission, Random draw/)
    expect(text).toContain('Generated | 21 Nov 2026, 11:00 am AEDT')
  })

  it('has one section per visible wizard section, in order', () => {
    const order = [
      'Promo details',
      'Applicant',
      'Contact person',
      'Entry method',
      'Final prize draw',
      'Unclaimed prize draw',
      'Winner notification',
      'Prize categories',
      'Prize details',
      'Attachments',
      'Comments',
      'Questions',
    ]
    const headings = [...html.matchAll(/<h2>(?:\d+\. )?([^<]+)<\/h2>/g)].map((m) => m[1].replace(/^\d+\. /, ''))
    expect(headings).toEqual([...order, 'Estimated fees'])
  })

  it('answers each question in words: dates, times, options, money, yes/no, addresses', () => {
    expect(text).toMatch(/Start date \| 1 Feb 2027/)
    expect(text).toContain('Start time | 9:00 am AEDT')
    expect(text).toMatch(/End time \| 3:00 pm AE[DS]T/)
    expect(text).toMatch(/Open to people under 18 \| Yes/)
    expect(text).toMatch(/Inducements offered \| No/)
    expect(text).toMatch(/Advertising methods \| Television, Other/)
    expect(text).toMatch(/Other advertising \| Shelf wobblers/)
    expect(text).toMatch(/Business address \| 1 George St\nLevel 2\nSydney NSW 2000/)
    expect(text).toMatch(/Postal address \| Same as the business address/)
    expect(text).toMatch(/Name \| Ms Ana Ruiz/)
    expect(text).toMatch(/Entry methods \| Internet, Mail/)
    expect(text).toMatch(/How to enter \| Buy a bag.\nEnter the code online./)
    expect(text).toMatch(/Draw methods \| Single draw for all prizes/)
    expect(text).toMatch(/Draw date \| 7 Apr 2027/)
    expect(text).toMatch(/Draw date \| 7 Jul 2027/)
    expect(text).toMatch(/Scrutineer \| Sam Scrutineer/)
    expect(text).toMatch(/How winners are notified \| Email and phone/)
    expect(text).toMatch(/ACT winners published in \| The Canberra Times/)
    expect(text).toMatch(/Prize categories \| Electrical goods, Travel/)
    expect(text).toMatch(/Total prize value \| \$12,000/)
    expect(text).toMatch(/Prize value in ACT \| \$2,500.50/)
    expect(text).toMatch(/Prize value in NSW \| \$12,000/)
    expect(text).toMatch(/Most valuable single prize \| \$8,000/)
    expect(text).toMatch(/Comments for our team \| Please call after 10am./)
    expect(text).toMatch(/Who supplies the holiday\? \| Fly Away Travel/)
    // NSW permit and no NSW authority: the duration is asked
    expect(text).toMatch(/Holds an NSW authority \| No/)
    expect(text).toMatch(/NSW authority duration \(years\) \| 1/)
    expect(text).not.toContain('Not yet answered')
  })

  it('lists the documents the application needs with what was uploaded', () => {
    expect(text).toMatch(/B \| Terms and conditions \| terms <b>final<\/b>.pdf \| 20 Nov 2026/)
    expect(text).toMatch(/E \| Proposed advertisement or notice \| Not yet uploaded/)
    // a scrutineer is required: the declaration addendum
    expect(text).toMatch(/U \| Statutory declaration of scrutineer \(addendum\) \| Due after the draw/)
    expect(text).not.toMatch(/\bC \| Ticket or entry form/)
  })

  it('shows the permits and fees the rules give: NSW and ACT above their thresholds', () => {
    expect(text).toMatch(/Permits required \| NSW, ACT/)
    expect(text).toMatch(/NSW licence fee \| \$468/)
    expect(text).toMatch(/ACT licence fee \| \$721/)
    expect(text).toContain('Random draw')
  })

  it('marks what is missing as not yet answered', () => {
    const empty = render({ ...filled, permit: {}, applicant: null, details: {}, attachments: [] })
    const emptyText = textOf(empty)
    expect(emptyText).toMatch(/Start date \| Not yet answered/)
    expect(emptyText).toMatch(/Organisation \| Not yet answered/)
    expect(emptyText).toMatch(/Entry methods \| Not yet answered/)
    expect(emptyText).toMatch(/Prize value in NSW \| Not yet answered/)
    expect(emptyText).toMatch(/B \| Terms and conditions \| Not yet uploaded/)
    expect(emptyText).toContain('No questions from our team.')
  })

  it('leaves out hidden sections: entry for ACT only, categories without NSW or T&Cs, attachments for self submission', () => {
    const actOnly = textOf(render({ ...filled, managedSubmission: false, ausStates: { ...filled.ausStates, nsw: false } }))
    expect(actOnly).not.toContain('Entry method |')
    expect(actOnly).not.toContain('Prize categories |')
    expect(actOnly).not.toContain('Attachments |')
    expect(actOnly).toContain('Winner notification')
  })

  it('leaves out the draws, attachments and comments for a game of skill, and names the applicant Promoter', () => {
    const skill = textOf(render({ ...filled, skillsBasedTC: true }))
    for (const hidden of ['Final prize draw', 'Unclaimed prize draw', 'Attachments', 'Comments', 'Questions'])
      expect(skill).not.toMatch(new RegExp(`\\d+\\. ${hidden}`))
    expect(skill).toMatch(/\d+\. Promoter/)
  })

  it('falls back to "Untitled permit" for a blank name', () => {
    expect(render({ ...filled, name: '' })).toContain('Untitled permit')
  })

  it('copes with drafts of other shapes without failing', () => {
    const odd = render({
      ...filled,
      permit: { startDate: 12, finalDraw: 'soon', entryMethodsValue: 'x' },
      applicant: { contact: null },
      details: { actionEntry: { actionQuestions: 'none' } },
      attachments: [{}] as never,
    })
    expect(textOf(odd)).toMatch(/Start date \| Not yet answered/)
  })
})

describe.runIf(fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'))('working PDF', () => {
  const service = new PdfService({ poolSize: 1 })
  afterAll(() => service.close())
  it('prints as a PDF', async () => {
    const pdf = await service.render(render(filled))
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  })
})
