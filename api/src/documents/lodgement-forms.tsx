/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The state forms of the lodgement pack (issue 12): the NSW authority application (or the
 * notification under an existing authority), the ACT permit application and the SA licence
 * application, filled from the application and laid out like the regulators' forms (numbered
 * sections and questions, the applicant's declaration with signature lines); and the WA and NT
 * notices where they apply. Printed by the PdfService.
 */
import {
  formatAddress,
  formatCurrency,
  formatDate,
  formatSydneyDateAndTime,
  MSG_SA_ELECTRONIC_ONLY_FORM,
  promotionTitle,
  type AddressDraft,
  type ApplicantDraft,
  type DrawDraft,
  type PermitDraft,
} from '@permitdesk/shared'
import type { ReactNode } from 'react'
import { renderDocument } from './document-shell'

export type FormState = 'NSW' | 'ACT' | 'SA'
export type NoticeState = 'WA' | 'NT'

export type LodgementInput = {
  id: number
  name: string
  totalPrizeValue: number
  hasNswAuthority: boolean | null
  winnersDrawnElectronically: boolean | null
  permit: PermitDraft
  applicant: ApplicantDraft | null
  /** Per-state prize values (cents), prize description and count (the `details` column). */
  details: Record<string, unknown>
  /** Attachments to lodge: code, name, file name as it is in the pack. */
  attachments: { code: string; name: string; packName: string }[]
  /** 001 §3 isSAElectronicSubmissionOnly: the SA form is what to enter online, not a form to post (issue 25). */
  saElectronicSubmissionOnly?: boolean
  /** Draw run on randomdraws.com (001 §3 usingRandomDrawsDotCom; issue 25); null when not asked. */
  usingRandomDrawsDotCom?: boolean | null
  /** The agent's letter of authority is the one lodged for an earlier promotion (001 §3 letterOfAuthorityReused). */
  letterOfAuthorityReused?: boolean | null
  /** The state's fee paid through us (cents), or null when the customer pays it directly. */
  fees: Partial<Record<FormState, number | null>>
}

const TITLES: Record<FormState, { regulator: string; title: (input: LodgementInput) => string; act: string }> = {
  NSW: {
    regulator: 'NSW Fair Trading',
    title: (input) =>
      input.hasNswAuthority ? 'Trade promotion lottery: notification under an existing authority' : 'Application for a trade promotion lottery authority',
    act: 'Community Gaming Act 2018 (NSW)',
  },
  ACT: { regulator: 'ACT Gambling and Racing Commission', title: () => 'Application for a trade promotion permit', act: 'Lotteries Act 1964 (ACT)' },
  SA: {
    regulator: 'Consumer and Business Services (SA)',
    title: () => 'Application for a trade promotion lottery licence',
    act: 'Lottery and Gaming Act 1936 (SA)',
  },
}

const text = (value: unknown): string => (value === null || value === undefined || value === '' ? '—' : String(value))
const yesNo = (value: boolean | null | undefined) => (value === true ? 'Yes' : value === false ? 'No' : '—')
const address = (value: AddressDraft | null | undefined) => (value ? formatAddress(value) || '—' : '—')

function Q({ n, label, children }: { n: string; label: string; children: ReactNode }) {
  return (
    <tr>
      <th>
        {n} {label}
      </th>
      <td style={{ whiteSpace: 'pre-line' }}>{children}</td>
    </tr>
  )
}

function Section({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <>
      <h2>
        Section {n}: {title}
      </h2>
      <table>
        <tbody>{children}</tbody>
      </table>
    </>
  )
}

function drawText(draw: DrawDraft | null | undefined) {
  if (!draw) return '—'
  if (draw.multipleDates) return text(draw.multipleDatesDetail)
  return draw.date ? formatSydneyDateAndTime(draw.date, draw.time) : '—'
}

function Declaration({ state, applicant }: { state: FormState | NoticeState; applicant: ApplicantDraft | null }) {
  const contact = applicant?.contact
  return (
    <>
      <h2>Declaration by the applicant</h2>
      <p>
        I declare that the information in this {state === 'WA' || state === 'NT' ? 'notice' : 'application'} and its attachments is true and correct; that the
        promotion will be conducted in accordance with its terms and conditions and the law of {state}; that every prize will be awarded as described; and that
        I am authorised to make this declaration on behalf of {text(applicant?.organisation)}.
      </p>
      <table>
        <tbody>
          <tr>
            <th>Name</th>
            <td>{[contact?.firstName, contact?.lastName].filter(Boolean).join(' ') || '—'}</td>
          </tr>
          <tr>
            <th>Position</th>
            <td>{text(contact?.position)}</td>
          </tr>
          <tr>
            <th>Signature</th>
            <td style={{ height: '14mm' }} />
          </tr>
          <tr>
            <th>Date</th>
            <td style={{ height: '8mm' }} />
          </tr>
        </tbody>
      </table>
    </>
  )
}

/** The head of a form or notice: the regulator and title, and who prepared it, when, for which promotion. */
function DocumentHeader(props: { regulator: string; title: string; productName: string; now: Date; reference: number; children?: ReactNode }) {
  return (
    <div className="header">
      <div>
        <p className="muted">{props.regulator}</p>
        <h1>{props.title}</h1>
        {props.children}
      </div>
      <div className="muted">
        Prepared by {props.productName}
        <br />
        {formatDate(props.now)}
        <br />
        Reference {props.reference}
      </div>
    </div>
  )
}

function ApplicantSections({ input }: { input: LodgementInput }) {
  const a = input.applicant
  const c = a?.contact
  return (
    <>
      <Section n={1} title="The applicant (promoter)">
        <Q n="1.1" label="Name of organisation">
          {text(a?.organisation)}
        </Q>
        <Q n="1.2" label="ABN or ACN">
          {text(a?.abnacn)}
        </Q>
        <Q n="1.3" label="Trading name">
          {text(a?.tradingName)}
        </Q>
        <Q n="1.4" label="Business address">
          {address(a?.businessAddress)}
        </Q>
        <Q n="1.5" label="Postal address">
          {a?.postalSameAsBusiness ? address(a?.businessAddress) : address(a?.postalAddress)}
        </Q>
        <Q n="1.6" label="Website">
          {text(a?.website)}
        </Q>
        {a?.hasLetterOfAuthority === true && (
          <Q n="1.7" label="Lodged by an agent under a letter of authority">
            {input.letterOfAuthorityReused === true ? 'Yes: the letter lodged with an earlier promotion' : 'Yes: the letter is attached'}
          </Q>
        )}
      </Section>
      <Section n={2} title="Contact person">
        <Q n="2.1" label="Name">
          {[c?.title, c?.firstName, c?.lastName].filter(Boolean).join(' ') || '—'}
        </Q>
        <Q n="2.2" label="Position">
          {text(c?.position)}
        </Q>
        <Q n="2.3" label="Telephone">
          {text(c?.phone)}
        </Q>
        <Q n="2.4" label="E-mail">
          {text(c?.email)}
        </Q>
      </Section>
    </>
  )
}

/** One state's application form. */
export function renderStateApplicationForm(state: FormState, input: LodgementInput, { productName, now }: { productName: string; now: Date }): string {
  const meta = TITLES[state]
  const p = input.permit
  const d = input.details
  const stateValue = d[`prizeValue${state}`]
  const fee = input.fees[state]
  return renderDocument(
    `${state}: ${meta.title(input)}`,
    <>
      <DocumentHeader regulator={meta.regulator} title={meta.title(input)} productName={productName} now={now} reference={input.id}>
        <p className="muted">Under the {meta.act}</p>
        {state === 'SA' && input.saElectronicSubmissionOnly && <p className="notice">{MSG_SA_ELECTRONIC_ONLY_FORM}</p>}
      </DocumentHeader>
      <ApplicantSections input={input} />
      <Section n={3} title="The promotion">
        <Q n="3.1" label="Name of the promotion">
          {promotionTitle(input.name)}
        </Q>
        <Q n="3.2" label="Starts">
          {p.startDate ? formatSydneyDateAndTime(p.startDate, p.startTime) : '—'}
        </Q>
        <Q n="3.3" label="Ends">
          {p.endDate ? formatSydneyDateAndTime(p.endDate, p.endTime) : '—'}
        </Q>
        <Q n="3.4" label="Products or services promoted">
          {text(p.promotedProducts)}
        </Q>
        <Q n="3.5" label="How to enter">
          {text(p.entryMechanic)}
        </Q>
        <Q n="3.6" label="Entry website">
          {text(p.entryMethodsWebsite)}
        </Q>
        <Q n="3.7" label="Open to persons under 18">
          {yesNo(p.under18s)}
        </Q>
        <Q n="3.8" label="Entries allowed per day">
          {text(p.entriesPerDay)}
        </Q>
      </Section>
      <Section n={4} title="Prizes">
        <Q n="4.1" label="Total prize value (all states)">
          {formatCurrency(input.totalPrizeValue)}
        </Q>
        <Q n="4.2" label={`Prize value in ${state}`}>
          {typeof stateValue === 'number' ? formatCurrency(stateValue) : '—'}
        </Q>
        <Q n="4.3" label="Number of prizes">
          {text(d.prizeQuantityTotal)}
        </Q>
        <Q n="4.4" label="Description of prizes">
          {text(d.prizeDescription)}
        </Q>
      </Section>
      <Section n={5} title="The draw">
        <Q n="5.1" label="Date and time of the draw">
          {drawText(p.finalDraw)}
        </Q>
        <Q n="5.2" label="Place of the draw">
          {[p.finalDraw?.locationOrganisation, address(p.finalDraw?.locationAddress)].filter((v) => v && v !== '—').join('\n') || '—'}
        </Q>
        <Q n="5.3" label="Winners drawn electronically">
          {yesNo(input.winnersDrawnElectronically)}
          {input.usingRandomDrawsDotCom === true ? ', on randomdraws.com' : ''}
        </Q>
        <Q n="5.4" label="Scrutineer">
          {p.scrutineerRequired ? text(p.scrutineerName) : 'Not required'}
        </Q>
        <Q n="5.5" label="Winners notified">
          {p.finalDraw?.notification?.date ? `By ${text(p.finalDraw.notification.method)} by ${formatDate(p.finalDraw.notification.date)}` : '—'}
        </Q>
        <Q n="5.6" label="Unclaimed prize draw">
          {drawText(p.unclaimedDraw)}
        </Q>
      </Section>
      <Section n={6} title="Attachments and fee">
        {input.attachments.map((a, i) => (
          <Q key={a.code} n={`6.${i + 1}`} label={`${a.code}: ${a.name}`}>
            {a.packName}
          </Q>
        ))}
        <Q n={`6.${input.attachments.length + 1}`} label="Fee">
          {fee === null || fee === undefined ? 'Paid by the applicant to the regulator' : `${formatCurrency(fee)} paid through ${productName}`}
        </Q>
      </Section>
      <Declaration state={state} applicant={input.applicant} />
    </>,
  )
}

const NOTICES: Record<NoticeState, { regulator: string; text: string }> = {
  WA: {
    regulator: 'Western Australia',
    text: 'Trade promotion lotteries in Western Australia do not need a permit; this notice records the promotion for the promoter’s own file and for any enquiry by the Department of Local Government, Industry Regulation and Safety.',
  },
  NT: {
    regulator: 'Northern Territory Racing, Gaming and Licensing',
    text: 'Trade promotion lotteries in the Northern Territory run under the general permit conditions; this notice sets out the promotion as the conditions require the promoter to keep it.',
  },
}

/** The WA or NT notice. */
export function renderStateNotice(state: NoticeState, input: LodgementInput, { productName, now }: { productName: string; now: Date }): string {
  const notice = NOTICES[state]
  const p = input.permit
  return renderDocument(
    `${state}: trade promotion notice`,
    <>
      <DocumentHeader regulator={notice.regulator} title="Trade promotion lottery notice" productName={productName} now={now} reference={input.id} />
      <p>{notice.text}</p>
      <ApplicantSections input={input} />
      <Section n={3} title="The promotion">
        <Q n="3.1" label="Name of the promotion">
          {promotionTitle(input.name)}
        </Q>
        <Q n="3.2" label="Period">
          {p.startDate && p.endDate ? `${formatDate(p.startDate)} to ${formatDate(p.endDate)}` : '—'}
        </Q>
        <Q n="3.3" label="Total prize value">
          {formatCurrency(input.totalPrizeValue)}
        </Q>
        <Q n="3.4" label="Draw">
          {drawText(p.finalDraw)}
        </Q>
      </Section>
      <Declaration state={state} applicant={input.applicant} />
    </>,
  )
}
