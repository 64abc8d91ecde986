/** General step, section "Promo details" (001 §3 Permit; §5 dates and warnings). */
import {
  ADVERTISING_METHOD_FLAGS,
  ADVERTISING_METHOD_LABELS,
  ADVERTISING_METHODS,
  hasFlag,
  isPremiumWarning,
  isStartDateSoon,
  START_WARNING_DAYS,
} from '@permitdesk/shared'
import { DateField, FlagGroupField, TextField, TimeField, YesNoField } from '../fields'
import { AfterFirstPaint } from '../../../../components/after-first-paint'
import { useEditor } from '../editor-context'
import { ReusePromotion } from '../reuse-promotion'
import { TermsRequirements } from '../terms-requirements'

export function DetailsSection() {
  const { draft, readOnly } = useEditor()
  const permit = draft.permit
  const clock = { now: new Date() }
  return (
    <>
      {!readOnly && <ReusePromotion />}
      <TermsRequirements />
      <TextField path="name" label="Promotion name" maxLength={200} />
      {/* The dates stand as their boxes from the first paint (a field draws its picker when a person comes to it), so the start-date notice, often the largest thing on a phone's first screen, is drawn with the top of the form (issue 25, LCP). */}
      <div className="row">
        <DateField path="permit.startDate" label="Start date" />
        <TimeField path="permit.startTime" label="Start time" />
      </div>
      {isPremiumWarning(permit.startDate, clock) ? (
        <p className="notice warning" role="status">
          Your promotion starts in less than 10 business days. Permits may not be issued in time, and some regulators charge a premium for urgent applications.
        </p>
      ) : (
        isStartDateSoon(permit.startDate, clock) && (
          <p className="notice warning" role="status">
            Your promotion starts in less than {START_WARNING_DAYS} days. Please complete your application soon so the permits can be issued in time.
          </p>
        )
      )}
      <div className="row">
        <DateField path="permit.endDate" label="End date" />
        <TimeField path="permit.endTime" label="End time" />
      </div>
      <DateField path="permit.requiredDate" label="Date the permits are needed by" hint="We suggest 7 days before the start." />
      {/* The rest follows once the top has painted (the step's buttons below come with it, so they never move). */}
      <AfterFirstPaint>
        <YesNoField path="permit.under18s" label="Can people under 18 enter?" />
        <YesNoField path="permit.inducementsOffered" label="Are any inducements offered to enter?" />
        {permit.inducementsOffered && <TextField path="permit.inducementsDetail" label="Describe the inducements" multiline />}
        <FlagGroupField
          path="permit.advertisingMethodsValue"
          label="How will the promotion be advertised?"
          options={ADVERTISING_METHODS}
          flags={ADVERTISING_METHOD_FLAGS}
          labels={ADVERTISING_METHOD_LABELS}
        />
        {hasFlag(permit.advertisingMethodsValue, ADVERTISING_METHOD_FLAGS, 'other') && (
          <TextField path="permit.advertisingMethodsOther" label="Other advertising" />
        )}
        <TextField path="permit.promotedProducts" label="Products or services promoted" multiline maxLength={1000} />
      </AfterFirstPaint>
    </>
  )
}
