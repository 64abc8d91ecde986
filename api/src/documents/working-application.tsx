/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  SECTION_NAMES,
  STATE_CODES,
  calculateFees,
  formatAddress,
  formatAusStates,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatSydneyTime,
  getAttachmentType,
  getPermitRequirements,
  customerStatusName,
  getPermitStatus,
  getRelevantAttachmentCodes,
  getVisibleSections,
  getWizardSteps,
  hasAnyFlag,
  hasDrawnMethod,
  hasFlag,
  isAttachmentValid,
  isScrutineerQuestionRequired,
  parseAttachmentCodes,
  promotionTitle,
  selectedStates,
  serviceLabel,
  ADVERTISING_METHOD_FLAGS,
  DRAW_METHOD_FLAGS,
  ENTRY_METHOD_FLAGS,
  PRIZE_CATEGORY_FLAGS,
  type ActionEntry,
  type AddressDraft,
  type ApplicantDraft,
  type AttachmentDraft,
  type DrawDraft,
  type PermitDraft,
  type PermitRequirements,
  type SectionKey,
} from '@permitdesk/shared'
import { advertisingMethodNames, drawMethodNames, entryMethodNames, notificationMethodName, prizeCategoryNames } from '@permitdesk/shared/permits/option-labels'
import { Fragment, type ReactNode } from 'react'
import { renderDocument } from './document-shell'

/** What the working PDF needs of a promotion: its typed columns and the application body (jsonb). */
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
  /** 001 §3 usingRandomDrawsDotCom (issue 25): asked when drawn by computer without our draw service. */
  usingRandomDrawsDotCom?: boolean | null
  /** 001 §3 servicesString, as the promotion view words it. */
  servicesString: string
  /** The permit (PermitDraft without its applicant). */
  permit: Record<string, unknown>
  /** The applicant with its contact (ApplicantDraft). */
  applicant: Record<string, unknown> | null
  /** Promotion-level answers (prize values and breakdown, categories, ACT publication, action entry, attachment overrides). */
  details: Record<string, unknown>
  /** AttachmentDraft records. */
  attachments: Record<string, unknown>[]
}

/** Promotion-level answers kept in the `details` column (the rest of PermitSaveSchema beside `permit`). */
type Details = {
  prizeValueACT?: number | null
  prizeValueNSW?: number | null
  prizeValueSA?: number | null
  prizeValueVIC?: number | null
  prizeValueQLD?: number | null
  prizeValueTAS?: number | null
  prizeValueWA?: number | null
  prizeValueNT?: number | null
  prizeQuantityTotal?: number | null
  prizeDescription?: string | null
  prizeCategoriesValue?: number | null
  prizeCategoriesOther?: string | null
  maxPrizeValue?: number | null
  prizePublicationACT?: string | null
  prizePublicationDateACT?: string | null
  letterOfAuthorityReused?: boolean | null
  /** Staff forced the SA premium (forceSaPremium): the estimate charges it too. */
  forceSaPremium?: boolean | null
  attachmentsManualOverride?: boolean | null
  attachmentsManuallyRequired?: string | null
  actionEntry?: Partial<ActionEntry> | null
}

// The jsonb columns were validated by the shared schemas when saved, but rows saved by earlier
// versions may hold other shapes: every value is checked for its type before it is shown.
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)
const yesNo = (value: unknown): string | undefined => (typeof value === 'boolean' ? (value ? 'Yes' : 'No') : undefined)
const count = (value: unknown): string | undefined => (typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined)
const money = (value: unknown): string | undefined => (typeof value === 'number' && Number.isFinite(value) ? formatCurrency(value) : undefined)
const flags = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined)
const dateOf = (value: unknown): string | undefined => (typeof value === 'string' ? formatDate(value) || undefined : undefined)
// A time is shown with the Sydney zone in force on its day (issue 25: one time format).
const timeOf = (day: unknown, value: unknown): string | undefined =>
  typeof value === 'string' ? formatSydneyTime(typeof day === 'string' ? day : null, value) || undefined : undefined
const words = (names: string[]): string | undefined => (names.length ? names.join(', ') : undefined)
const recordOf = <T,>(value: unknown): Partial<T> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Partial<T>) : {})
const addressOf = (value: unknown): string | undefined => text(formatAddress(recordOf<AddressDraft>(value)))

const MISSING = <span className="missing">Not yet answered</span>

/** Text over several lines (addresses, descriptions) with its line breaks kept; React escapes each line. */
function Lines({ value }: { value: string }) {
  return value.split(/\r?\n/).map((line, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ))
}

/** One question of the form and its answer; no answer reads "Not yet answered". */
function Row({ label, value, multiline }: { label: string; value: string | undefined; multiline?: boolean }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{value === undefined ? MISSING : multiline ? <Lines value={value} /> : value}</td>
    </tr>
  )
}

function Rows({ children }: { children: ReactNode }) {
  return (
    <table>
      <tbody>{children}</tbody>
    </table>
  )
}

type Context = {
  promotion: WorkingApplicationInput
  permit: Partial<PermitDraft>
  applicant: Partial<ApplicantDraft>
  details: Details
  attachments: Partial<AttachmentDraft>[]
  requirements: PermitRequirements
  /** Flag value of the draw methods, when any is chosen. */
  drawMethods: number | undefined
}

/** The rows of a draw (001 §3 finalDraw / unclaimedDraw): dates, place and address. */
function DrawRows({ draw, what }: { draw: Partial<DrawDraft>; what: string }) {
  const multiple = draw.multipleDates === true
  return (
    <>
      <Row label={`More than one ${what} date`} value={yesNo(draw.multipleDates)} />
      {multiple ? (
        <Row label={`${capitalise(what)} dates`} value={text(draw.multipleDatesDetail)} multiline />
      ) : (
        <>
          <Row label={`${capitalise(what)} date`} value={dateOf(draw.date)} />
          <Row label={`${capitalise(what)} time`} value={timeOf(draw.date, draw.time)} />
        </>
      )}
      <Row label="Held by (organisation)" value={text(draw.locationOrganisation)} />
      <Row label="Held at (address)" value={addressOf(draw.locationAddress)} multiline />
    </>
  )
}

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

/** The body of each wizard section (001 §2), in words. */
const SECTIONS: Record<SectionKey, (ctx: Context) => ReactNode> = {
  details: ({ promotion, permit }) => {
    const advertising = flags(permit.advertisingMethodsValue)
    return (
      <Rows>
        <Row label="Promotion name" value={text(promotion.name)} />
        <Row label="Start date" value={dateOf(permit.startDate)} />
        <Row label="Start time" value={timeOf(permit.startDate, permit.startTime)} />
        <Row label="End date" value={dateOf(permit.endDate)} />
        <Row label="End time" value={timeOf(permit.endDate, permit.endTime)} />
        <Row label="Permits required by" value={dateOf(permit.requiredDate)} />
        <Row label="Open to people under 18" value={yesNo(permit.under18s)} />
        <Row label="Inducements offered" value={yesNo(permit.inducementsOffered)} />
        {permit.inducementsOffered === true && <Row label="Inducements" value={text(permit.inducementsDetail)} multiline />}
        <Row label="Advertising methods" value={words(advertisingMethodNames(advertising))} />
        {hasFlag(advertising, ADVERTISING_METHOD_FLAGS, 'other') && <Row label="Other advertising" value={text(permit.advertisingMethodsOther)} />}
        <Row label="Products or services promoted" value={text(permit.promotedProducts)} multiline />
      </Rows>
    )
  },

  applicant: ({ promotion, applicant, details, requirements }) => {
    const postal = applicant.postalSameAsBusiness === true ? 'Same as the business address' : addressOf(applicant.postalAddress)
    return (
      <Rows>
        <Row label="Organisation" value={text(applicant.organisation)} />
        <Row label="ABN or ACN" value={text(applicant.abnacn)} />
        <Row label="Trading name" value={text(applicant.tradingName)} />
        <Row label="Business address" value={addressOf(applicant.businessAddress)} multiline />
        <Row label="Postal address" value={postal} multiline />
        <Row label="Website" value={text(applicant.website)} />
        {requirements.nsw.required && (
          <>
            <Row label="Holds an NSW authority" value={yesNo(promotion.hasNswAuthority)} />
            {promotion.hasNswAuthority === true && <Row label="NSW authority number" value={text(applicant.nswAuthorityNumber)} />}
            {promotion.hasNswAuthority === true && <Row label="NSW authority expiry" value={dateOf(applicant.nswAuthorityExpiration)} />}
            {(promotion.hasNswAuthority !== true || applicant.nswAuthorityDuration != null) && (
              <Row label="NSW authority duration (years)" value={count(applicant.nswAuthorityDuration)} />
            )}
          </>
        )}
        <Row label="Applying under a letter of authority" value={yesNo(applicant.hasLetterOfAuthority)} />
        {details.letterOfAuthorityReused === true && <Row label="Letter of authority" value="Reused from an earlier promotion" />}
      </Rows>
    )
  },

  contact: ({ applicant }) => {
    const contact = recordOf<NonNullable<ApplicantDraft['contact']>>(applicant.contact)
    const name = [text(contact.title), text(contact.firstName), text(contact.lastName)].filter(Boolean).join(' ')
    return (
      <Rows>
        <Row label="Name" value={text(contact.firstName) || text(contact.lastName) ? name : undefined} />
        <Row label="Position" value={text(contact.position)} />
        <Row label="Phone" value={text(contact.phone)} />
        <Row label="Email" value={text(contact.email)} />
      </Rows>
    )
  },

  entry: ({ permit }) => {
    const methods = flags(permit.entryMethodsValue)
    const byPhone = hasAnyFlag(methods, ENTRY_METHOD_FLAGS, ['sms', 'phone1800', 'phone1900', 'phone'])
    return (
      <Rows>
        <Row label="Entry methods" value={words(entryMethodNames(methods))} />
        {hasFlag(methods, ENTRY_METHOD_FLAGS, 'other') && <Row label="Other entry method" value={text(permit.entryMethodsOther)} />}
        {hasFlag(methods, ENTRY_METHOD_FLAGS, 'internet') && <Row label="Entry website" value={text(permit.entryMethodsWebsite)} />}
        {byPhone && <Row label="Entry phone numbers" value={text(permit.entryMethodsPhoneNumbers)} />}
        <Row label="How to enter" value={text(permit.entryMechanic)} multiline />
        <Row label="Entries allowed per day" value={typeof permit.entriesPerDay === 'number' ? count(permit.entriesPerDay) : text(permit.entriesPerDay)} />
        <Row label="More than one prize per entrant" value={yesNo(permit.multiplePrizesAllowed)} />
      </Rows>
    )
  },

  finaldraw: ({ promotion, permit, details, drawMethods }) => {
    const computerDraw = typeof permit.isComputerDraw === 'boolean' ? permit.isComputerDraw : promotion.winnersDrawnElectronically
    const machineApproved = typeof permit.randomDrawMachineApproved === 'boolean' ? permit.randomDrawMachineApproved : promotion.randomDrawMachineApproved
    // No date, time or place for instant wins and predetermined winners: nothing is drawn.
    const drawn = drawMethods === undefined || hasDrawnMethod(drawMethods)
    const scrutineerAsked =
      isScrutineerQuestionRequired({ ...promotion, ...details, drawMethodsValue: drawMethods, startDate: permit.startDate ?? promotion.startDate }) ||
      typeof permit.scrutineerRequired === 'boolean'
    return (
      <Rows>
        <Row label="Draw methods" value={words(drawMethodNames(drawMethods))} />
        {hasFlag(drawMethods, DRAW_METHOD_FLAGS, 'other') && <Row label="Other draw method" value={text(permit.drawMethodsOther)} multiline />}
        {drawn && <DrawRows draw={recordOf<DrawDraft>(permit.finalDraw)} what="draw" />}
        <Row label="Drawn by computer" value={yesNo(computerDraw)} />
        {computerDraw === true && <Row label="Draw system approved" value={yesNo(machineApproved)} />}
        {computerDraw === true && typeof promotion.usingRandomDrawsDotCom === 'boolean' && (
          <Row label="Run on randomdraws.com" value={yesNo(promotion.usingRandomDrawsDotCom)} />
        )}
        {scrutineerAsked && (
          <>
            <Row label="Scrutineer required" value={yesNo(permit.scrutineerRequired)} />
            {permit.scrutineerRequired === true && <Row label="Scrutineer" value={text(permit.scrutineerName)} />}
            {permit.scrutineerRequired === true && <Row label="Scrutineer is not independent" value={yesNo(permit.nonIndependentScrutineer)} />}
            {permit.nonIndependentScrutineer === true && <Row label="Why not independent" value={text(permit.nonIndependentScrutineerReason)} multiline />}
          </>
        )}
      </Rows>
    )
  },

  unclaimeddraw: ({ permit, drawMethods }) =>
    drawMethods !== undefined && !hasDrawnMethod(drawMethods) ? (
      <p className="muted">Not needed: with the draw methods chosen, no prizes are drawn.</p>
    ) : (
      <Rows>
        <DrawRows draw={recordOf<DrawDraft>(permit.unclaimedDraw)} what="draw" />
      </Rows>
    ),

  notification: ({ permit, details, requirements, drawMethods }) => {
    const final = recordOf<NonNullable<DrawDraft['notification']>>(recordOf<DrawDraft>(permit.finalDraw).notification)
    const unclaimed = recordOf<NonNullable<DrawDraft['notification']>>(recordOf<DrawDraft>(permit.unclaimedDraw).notification)
    const showUnclaimed = (drawMethods === undefined || hasDrawnMethod(drawMethods)) && (unclaimed.method != null || unclaimed.date != null)
    const showAct = requirements.act.required || text(details.prizePublicationACT) !== undefined || text(details.prizePublicationDateACT) !== undefined
    return (
      <Rows>
        <Row label="How winners are notified" value={notificationMethodName(text(final.method))} />
        <Row label="Winners notified by" value={dateOf(final.date)} />
        {showUnclaimed && (
          <>
            <Row label="How unclaimed prize winners are notified" value={notificationMethodName(text(unclaimed.method))} />
            <Row label="Unclaimed prize winners notified by" value={dateOf(unclaimed.date)} />
          </>
        )}
        {showAct && (
          <>
            <Row label="ACT winners published in" value={text(details.prizePublicationACT)} />
            <Row label="ACT publication date" value={dateOf(details.prizePublicationDateACT)} />
          </>
        )}
      </Rows>
    )
  },

  categories: ({ details }) => {
    const categories = flags(details.prizeCategoriesValue)
    return (
      <Rows>
        <Row label="Prize categories" value={words(prizeCategoryNames(categories))} />
        {hasFlag(categories, PRIZE_CATEGORY_FLAGS, 'other') && <Row label="Other prizes" value={text(details.prizeCategoriesOther)} />}
      </Rows>
    )
  },

  breakdown: ({ promotion, details }) => (
    <Rows>
      <Row label="Total prize value" value={promotion.totalPrizeValue > 0 ? formatCurrency(promotion.totalPrizeValue) : undefined} />
      <Row label="Number of prizes" value={count(details.prizeQuantityTotal)} />
      <Row label="Most valuable single prize" value={money(details.maxPrizeValue)} />
      <Row label="Prizes" value={text(details.prizeDescription)} multiline />
      {selectedStates(promotion.ausStates).map((key) => (
        <Row key={key} label={`Prize value in ${STATE_CODES[key]}`} value={money(details[`prizeValue${STATE_CODES[key]}`])} />
      ))}
    </Rows>
  ),

  attachments: (ctx) => <AttachmentList {...ctx} />,

  comments: ({ permit }) => (
    <Rows>
      <Row label="Comments for our team" value={text(permit.comments)} multiline />
    </Rows>
  ),

  questions: ({ details }) => {
    const questions = Array.isArray(details.actionEntry?.actionQuestions) ? details.actionEntry.actionQuestions : []
    if (!questions.length) return <p className="muted">No questions from our team.</p>
    return (
      <Rows>
        {questions.map((q, index) => (
          <Row key={index} label={text(q?.question) ?? `Question ${index + 1}`} value={text(q?.answer)} multiline />
        ))}
      </Rows>
    )
  },
}

/**
 * The documents this application needs (001 §3 attachmentsRelevant, or the staff's manual list
 * when they override it), with what was uploaded for each.
 */
function AttachmentList({ promotion, permit, applicant, details, attachments }: Context) {
  const codes = details.attachmentsManualOverride
    ? parseAttachmentCodes(details.attachmentsManuallyRequired)
    : getRelevantAttachmentCodes({
        ...promotion,
        ...details,
        entryMethodsValue: permit.entryMethodsValue,
        drawMethodsValue: permit.drawMethodsValue,
        scrutineerRequired: permit.scrutineerRequired,
        hasLetterOfAuthority: applicant.hasLetterOfAuthority,
        hasUnclaimedDraw: hasDrawnMethod(permit.drawMethodsValue),
      })
  const codeOf = (a: Partial<AttachmentDraft>) => text(a.attachmentType?.code)?.toUpperCase()
  // Anything uploaded beyond the list is shown too: the customer sent it.
  for (const a of attachments) {
    const code = codeOf(a)
    if (code && !codes.includes(code) && isAttachmentValid(a)) codes.push(code)
  }
  if (!codes.length) return <p className="muted">No documents are needed.</p>
  return (
    <table className="list">
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Document</th>
          <th scope="col">File</th>
          <th scope="col">Uploaded</th>
        </tr>
      </thead>
      <tbody>
        {codes.map((code) => {
          const type = getAttachmentType(code)
          const attachment = attachments.find((a) => codeOf(a) === code && isAttachmentValid(a))
          const reused = attachment?.reuseFromPromotion != null && attachment.shouldReuse !== false && !attachment.uploaded
          return (
            <tr key={code}>
              <td>{code}</td>
              <td>
                {type?.name ?? text(attachment?.attachmentType?.name) ?? 'Document'}
                {type?.isAddendum && <span className="muted"> (addendum)</span>}
              </td>
              <td>
                {attachment ? (
                  (text(attachment.userFileName) ?? text(attachment.fileName) ?? 'Uploaded')
                ) : type?.isAddendum ? (
                  <span className="muted">Due after the draw</span>
                ) : (
                  <span className="missing">Not yet uploaded</span>
                )}
              </td>
              <td>{attachment ? (reused ? `Reused from promotion #${attachment.reuseFromPromotion}` : (dateOf(attachment.uploadDate) ?? '')) : ''}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/**
 * The application as it stands (001 §2 "download working PDF"): what the customer has entered so
 * far, section by section in the wizard's order and words, with hidden sections left out and the
 * permits and estimated fees the rules give today.
 */
export function renderWorkingApplication(promotion: WorkingApplicationInput, { productName, now }: { productName: string; now: Date }): string {
  const permit = recordOf<PermitDraft>(promotion.permit)
  const details = recordOf<Details>(promotion.details)
  // The applicant column; drafts saved before it existed kept the applicant on the permit.
  const applicant = recordOf<ApplicantDraft>(promotion.applicant ?? permit.applicant)
  const attachments = (Array.isArray(promotion.attachments) ? promotion.attachments : []).map((a) => recordOf<AttachmentDraft>(a))
  const startDate = text(permit.startDate) ?? promotion.startDate
  const requirements = getPermitRequirements({ ...promotion, startDate })
  // An estimate before the payment method is chosen: no card surcharge.
  const fees = calculateFees({ ...promotion, startDate, saPremium: details.forceSaPremium === true }, { paymentMethod: 'bpay' })
  const status = getPermitStatus(promotion.statusId)
  const title = promotionTitle(promotion.name)
  const wizard = {
    managedSubmission: promotion.managedSubmission,
    skillsBasedTC: promotion.skillsBasedTC,
    termsAndConditions: promotion.termsAndConditions,
    ausStates: promotion.ausStates,
  }
  const sections = getWizardSteps(wizard).flatMap((step) => getVisibleSections(step, wizard))
  const ctx: Context = { promotion, permit, applicant, details, attachments, requirements, drawMethods: flags(permit.drawMethodsValue) }
  const sectionName = (key: SectionKey) => (key === 'applicant' && promotion.skillsBasedTC ? 'Promoter' : SECTION_NAMES[key])
  const feeRows: [string, number][] = [
    ['NSW licence fee', fees.feeDue_NSW],
    ['ACT licence fee', fees.feeDue_ACT],
    ['SA licence fee', fees.feeDue_SA],
    ['Permit management', fees.feeDue_Service],
    ['Random draw', fees.feeDue_RandomDraw],
    ['Terms and conditions', fees.feeDue_TermsAndConditions],
    ['Game of skill terms and conditions', fees.feeDue_SkillsBasedTC],
    ['Abridged terms and conditions', fees.feeDue_AbridgedTC],
    ['Hosted terms and conditions', fees.feeDue_HostedTC],
    ['Winner publication', fees.feeDue_WinnerPublication ?? 0],
  ]

  return renderDocument(
    `${title}: working application`,
    <>
      <div className="header">
        <div>
          <p className="muted">{productName} · Trade promotion permit application</p>
          <h1>{title}</h1>
        </div>
        <p className="muted">Promotion #{promotion.id}</p>
      </div>
      <p className="banner">This is a working copy for checking your answers. It is not a permit application form and cannot be lodged.</p>
      <Rows>
        <Row label="Status" value={customerStatusName(status.id)} />
        <Row label="States" value={formatAusStates(promotion.ausStates, { includeNz: promotion.includeNz })} />
        <Row label="Services" value={text(promotion.servicesString) ?? serviceLabel(promotion.managedSubmission, productName)} />
        <Row label="Permits required" value={requirements.requiredStates.length ? requirements.requiredStates.map((s) => STATE_CODES[s]).join(', ') : 'None'} />
        <Row label="Generated" value={formatDateTime(now)} />
      </Rows>

      {sections.map((key, index) => (
        <section key={key}>
          <h2>
            {index + 1}. {sectionName(key)}
          </h2>
          {SECTIONS[key](ctx)}
        </section>
      ))}

      <section>
        <h2>Estimated fees</h2>
        <table>
          <tbody>
            {feeRows
              .filter(([, cents]) => cents > 0)
              .map(([label, cents]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td className="money">{formatCurrency(cents)}</td>
                </tr>
              ))}
            <tr>
              <th scope="row">GST</th>
              <td className="money">{formatCurrency(fees.feeDue_GST)}</td>
            </tr>
            <tr>
              <th scope="row">Total including GST</th>
              <td className="money">
                <strong>{formatCurrency(fees.feeDue_GrandTotal)}</strong>
              </td>
            </tr>
          </tbody>
        </table>
      </section>
    </>,
  )
}
