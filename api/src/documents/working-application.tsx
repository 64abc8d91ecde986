/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  SECTION_NAMES,
  calculateFees,
  formatAusStates,
  formatCurrency,
  formatDate,
  getPermitRequirements,
  getPermitStatus,
  promotionTitle,
  serviceLabel,
  type SectionKey,
} from '@permitdesk/shared'
import type { ReactNode } from 'react'
import { renderDocument } from './document-shell'

/** What the working PDF needs of a promotion: its typed columns and the application body. */
export type WorkingApplicationInput = {
  id: number
  name: string
  statusId: number
  startDate: string | null
  totalPrizeValue: number
  ausStates: Record<'act' | 'nsw' | 'sa' | 'vic' | 'nt' | 'wa' | 'qld' | 'tas', boolean>
  includeNz: boolean
  managedSubmission: boolean
  randomDraw: boolean
  termsAndConditions: boolean
  abridgedTC: boolean
  hostedTC: boolean
  skillsBasedTC: boolean
  hasNswAuthority: boolean | null
  hasInstantWinPrizes: boolean | null
  winnersDrawnElectronically: boolean | null
  randomDrawMachineApproved: boolean | null
  permit: Record<string, unknown>
  applicant: Record<string, unknown> | null
}

const SECTION_ORDER: SectionKey[] = ['details', 'applicant', 'contact', 'entry', 'finaldraw', 'unclaimeddraw', 'notification', 'categories', 'breakdown', 'comments', 'questions']

/** Turns camelCase keys into words for fields the document shows as they are. */
function labelOf(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/\b(Abn|Acn|Nsw|Act|Sa|Nz)\b/g, (w) => w.toUpperCase())
}

function Value({ value }: { value: unknown }): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="missing">Not yet answered</span>
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (Array.isArray(value)) return value.length ? value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ') : <span className="missing">None</span>
  if (typeof value === 'object') return <Fields record={value as Record<string, unknown>} />
  return String(value)
}

function Fields({ record }: { record: Record<string, unknown> }) {
  const entries = Object.entries(record).filter(([key]) => !key.startsWith('_'))
  if (!entries.length) return <p className="missing">Nothing entered yet.</p>
  return (
    <table>
      <tbody>
        {entries.map(([key, value]) => (
          <tr key={key}>
            <th scope="row">{labelOf(key)}</th>
            <td>
              <Value value={value} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The application as it stands (001 §2 "download working PDF"): what the customer has entered so
 * far, section by section, with the permits and estimated fees the rules give today.
 */
export function renderWorkingApplication(promotion: WorkingApplicationInput, { productName, now }: { productName: string; now: Date }): string {
  const requirements = getPermitRequirements({ ...promotion, ausStates: promotion.ausStates })
  // An estimate before the payment method is chosen: no card surcharge.
  const fees = calculateFees({ ...promotion, ausStates: promotion.ausStates }, { paymentMethod: 'bpay' })
  const status = getPermitStatus(promotion.statusId)
  const permitSections = promotion.permit as Record<string, unknown>
  const title = promotionTitle(promotion.name)
  const sections = SECTION_ORDER.filter((key) => key !== 'applicant' && key !== 'contact')

  return renderDocument(
    `${title}: working application`,
    <>
      <div className="header">
        <div>
          <h1>{title}</h1>
          <p className="muted">
            Working copy of the permit application, promotion #{promotion.id} · {productName}
          </p>
        </div>
        <p className="muted">Printed {formatDate(now)}</p>
      </div>
      <p className="banner">This is a working copy for checking your answers. It is not a permit application form and cannot be lodged.</p>

      <h2>Summary</h2>
      <table>
        <tbody>
          <tr><th scope="row">Status</th><td>{status.name}</td></tr>
          <tr><th scope="row">Service</th><td>{serviceLabel(promotion.managedSubmission, productName)}</td></tr>
          <tr><th scope="row">States</th><td>{formatAusStates(promotion.ausStates, { includeNz: promotion.includeNz })}</td></tr>
          <tr><th scope="row">Total prize value</th><td>{formatCurrency(promotion.totalPrizeValue)}</td></tr>
          <tr><th scope="row">Start date</th><td>{promotion.startDate ? formatDate(promotion.startDate) : <span className="missing">Not yet answered</span>}</td></tr>
          <tr><th scope="row">Permits required</th><td>{requirements.requiredStates.length ? requirements.requiredStates.map((s) => s.toUpperCase()).join(', ') : 'None'}</td></tr>
        </tbody>
      </table>

      <h2>Estimated fees</h2>
      <table>
        <tbody>
          {fees.feeDue_NSW > 0 && <tr><th scope="row">NSW licence fee</th><td className="money">{formatCurrency(fees.feeDue_NSW)}</td></tr>}
          {fees.feeDue_ACT > 0 && <tr><th scope="row">ACT licence fee</th><td className="money">{formatCurrency(fees.feeDue_ACT)}</td></tr>}
          {fees.feeDue_SA > 0 && <tr><th scope="row">SA licence fee</th><td className="money">{formatCurrency(fees.feeDue_SA)}</td></tr>}
          {fees.feeDue_Service > 0 && <tr><th scope="row">Permit management</th><td className="money">{formatCurrency(fees.feeDue_Service)}</td></tr>}
          {fees.feeDue_RandomDraw > 0 && <tr><th scope="row">Random draw</th><td className="money">{formatCurrency(fees.feeDue_RandomDraw)}</td></tr>}
          {fees.feeDue_TermsAndConditions > 0 && <tr><th scope="row">Terms and conditions</th><td className="money">{formatCurrency(fees.feeDue_TermsAndConditions)}</td></tr>}
          {fees.feeDue_SkillsBasedTC > 0 && <tr><th scope="row">Game of skill terms and conditions</th><td className="money">{formatCurrency(fees.feeDue_SkillsBasedTC)}</td></tr>}
          {fees.feeDue_AbridgedTC > 0 && <tr><th scope="row">Abridged terms and conditions</th><td className="money">{formatCurrency(fees.feeDue_AbridgedTC)}</td></tr>}
          {fees.feeDue_HostedTC > 0 && <tr><th scope="row">Hosted terms and conditions</th><td className="money">{formatCurrency(fees.feeDue_HostedTC)}</td></tr>}
          <tr><th scope="row">GST</th><td className="money">{formatCurrency(fees.feeDue_GST)}</td></tr>
          <tr><th scope="row">Total including GST</th><td className="money"><strong>{formatCurrency(fees.feeDue_GrandTotal)}</strong></td></tr>
        </tbody>
      </table>

      <h2>{SECTION_NAMES.applicant ?? 'Applicant'}</h2>
      <Fields record={Object.fromEntries(Object.entries(promotion.applicant ?? {}).filter(([key]) => key !== 'contact'))} />
      <h3>{SECTION_NAMES.contact ?? 'Contact person'}</h3>
      <Fields record={((promotion.applicant ?? {}) as Record<string, unknown>).contact as Record<string, unknown> ?? {}} />

      {sections.map((key) => (
        <section key={key}>
          <h2>{SECTION_NAMES[key] ?? labelOf(key)}</h2>
          <Fields record={(permitSections[key] as Record<string, unknown>) ?? {}} />
        </section>
      ))}
    </>,
  )
}
