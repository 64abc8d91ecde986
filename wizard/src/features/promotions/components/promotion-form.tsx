import {
  dollarsToCents,
  toDollars,
  winnerPublicationOffered,
  emptyAusStates,
  getPermitRequirements,
  isNational,
  LABEL_NO_PERMIT_NEEDED,
  MSG_COMPLETE_ALL_FORM_FIELDS,
  MSG_NO_PERMIT_BASE_FEE,
  MSG_TOTAL_PRIZE_VALUE_REQUIRED,
  MSG_WINNER_PUBLICATION_ABOUT,
  PromotionCreateSchema,
  PromotionModifySkillsBasedSchema,
  setNational,
  STATE_CODES,
  STATE_KEYS,
  STATE_NAMES,
  type AusStates,
  type StateKey,
} from '@permitdesk/shared'
import { useId, useState, type FormEvent } from 'react'
import { Radio, RadioGroup } from 'react-aria-components'
import { FeeSummary } from './fee-summary'
import { Button, Checkbox, Modal, TextField } from '../../../components/ui'
import { PRODUCT_NAME } from '../config'

export type PromotionFormValues = {
  name: string
  ausStates: AusStates
  includeNz: boolean
  prizeValue: string
  hasNswAuthority: boolean | null
  hasInstantWinPrizes: boolean | null
  winnersDrawnElectronically: boolean | null
  randomDrawMachineApproved: boolean | null
  managedSubmission: boolean
  randomDraw: boolean
  termsAndConditions: boolean
  abridgedTC: boolean
  hostedTC: boolean
  winnerPublication: boolean
}

export const emptyForm = (): PromotionFormValues => ({
  name: '',
  ausStates: emptyAusStates(),
  includeNz: false,
  prizeValue: '',
  hasNswAuthority: null,
  hasInstantWinPrizes: null,
  winnersDrawnElectronically: null,
  randomDrawMachineApproved: null,
  managedSubmission: true,
  randomDraw: false,
  termsAndConditions: false,
  abridgedTC: false,
  hostedTC: false,
  winnerPublication: false,
})

function cents(text: string): number | null {
  if (text.trim() === '') return null
  try {
    return dollarsToCents(text)
  } catch {
    return null
  }
}

/** The wire payload (001 §7 create/modify): only the visible quiz answers are sent. */
export function toPayload(values: PromotionFormValues, skill: boolean) {
  const value = cents(values.prizeValue)
  // Dollars on the wire (DESIGN.md §4): the text was parsed to cents by the shared parser, sent back as dollars.
  const base = {
    name: values.name,
    ausStates: values.ausStates,
    includeNz: values.includeNz,
    totalPrizeValue: toDollars(value ?? 0),
    abridgedTC: values.abridgedTC,
    hostedTC: values.hostedTC,
  }
  if (skill) return { ...base, skillsBasedTC: true }
  const q = getPermitRequirements({
    ausStates: values.ausStates,
    totalPrizeValue: value ?? 0,
    hasInstantWinPrizes: values.hasInstantWinPrizes,
    winnersDrawnElectronically: values.winnersDrawnElectronically,
  }).questions
  return {
    ...base,
    hasNswAuthority: q.nswAuthority ? values.hasNswAuthority : null,
    hasInstantWinPrizes: q.instantWin ? values.hasInstantWinPrizes : null,
    winnersDrawnElectronically: q.electronicDraw ? values.winnersDrawnElectronically : null,
    randomDrawMachineApproved: q.machineApproved ? values.randomDrawMachineApproved : null,
    managedSubmission: values.managedSubmission,
    randomDraw: values.randomDraw,
    termsAndConditions: values.termsAndConditions,
    // Offered only where there are winners to publish (ACT, SA; decision record 020).
    winnerPublication: winnerPublicationOffered({ ausStates: values.ausStates, randomDraw: values.randomDraw }) && values.winnerPublication,
    skillsBasedTC: false,
  }
}

/** The first message of the shared schema for the form (001 §5 wording), or null when valid. */
export function validate(values: PromotionFormValues, skill: boolean): { message: string; fields: string[] } | null {
  const payload = toPayload(values, skill)
  const result = skill ? PromotionModifySkillsBasedSchema.safeParse({ ...payload, id: 1 }) : PromotionCreateSchema.safeParse(payload)
  if (result.success) return null
  const message =
    cents(values.prizeValue) === null && values.prizeValue.trim() !== ''
      ? MSG_TOTAL_PRIZE_VALUE_REQUIRED
      : (result.error.issues[0]?.message ?? MSG_COMPLETE_ALL_FORM_FIELDS)
  return { message, fields: result.error.issues.map((i) => String(i.path[0])) }
}

type Props = {
  initial: PromotionFormValues
  skill: boolean
  submitLabel: string
  /** Sends the payload; resolves when done (the caller navigates), rejects with a message to show. */
  onSubmit: (payload: ReturnType<typeof toPayload>) => Promise<void>
  /** States and the submission method are fixed after submission (modify). */
  statesLocked?: boolean
}

/**
 * A yes/no question: a fieldset named by its question (the group) holding a react-aria radio
 * group (arrow keys between Yes and No).
 */
function YesNo({
  name,
  label,
  value,
  onChange,
  invalid,
}: {
  name: string
  label: string
  value: boolean | null
  onChange: (v: boolean) => void
  invalid: boolean
}) {
  const id = useId()
  return (
    <fieldset className="question" aria-invalid={invalid || undefined} aria-describedby={invalid ? 'form-error' : undefined}>
      <legend id={id}>{label}</legend>
      <RadioGroup
        aria-labelledby={id}
        name={name}
        className="ui-choice-group ui-choice-group--horizontal"
        orientation="horizontal"
        value={value === null ? null : value ? 'yes' : 'no'}
        onChange={(next) => onChange(next === 'yes')}
        isInvalid={invalid}
      >
        <div className="ui-choice-group__options">
          <Radio value="yes" className="ui-radio">
            <span aria-hidden="true" className="ui-radio__dot" />
            <span>Yes</span>
          </Radio>
          <Radio value="no" className="ui-radio">
            <span aria-hidden="true" className="ui-radio__dot" />
            <span>No</span>
          </Radio>
        </div>
      </RadioGroup>
    </fieldset>
  )
}

/**
 * The create/modify promotion form (001 §2): states with the national toggle and New Zealand,
 * total prize value, the permit quiz shown exactly when the shared rules say, services and the
 * live fee estimate, with the spec's modals.
 */
export function PromotionForm({ initial, skill, submitLabel, onSubmit, statesLocked = false }: Props) {
  const [values, setValues] = useState(initial)
  const [error, setError] = useState<{ message: string; fields: string[] } | null>(null)
  const [busy, setBusy] = useState(false)
  const [modal, setModal] = useState<null | 'createWhenNotRequired' | 'notRequired' | 'randomDrawTerms' | 'createTerms' | 'winnerPublication'>(null)
  const set = <K extends keyof PromotionFormValues>(key: K, value: PromotionFormValues[K]) => setValues((v) => ({ ...v, [key]: value }))

  const payload = toPayload(values, skill)
  // The payload carries wire dollars; the shared rules take cents.
  const requirements = getPermitRequirements({ ...payload, totalPrizeValue: cents(values.prizeValue) ?? 0, skillsBasedTC: skill })
  const q = requirements.questions
  const invalid = (field: string) => !!error?.fields.includes(field)

  const toggleState = (key: StateKey, on: boolean) => {
    const next = { ...values.ausStates, [key]: on }
    next.all = isNational(next)
    set('ausStates', next)
  }

  async function send() {
    setModal(null)
    setBusy(true)
    try {
      await onSubmit(toPayload(values, skill))
    } catch (e) {
      setError({ message: (e as Error).message, fields: Object.keys((e as { modelState?: object }).modelState ?? {}) })
    } finally {
      setBusy(false)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const problem = validate(values, skill)
    setError(problem)
    if (problem) return
    // 001 §2 modal "create when not required": nothing needs a permit; confirm before buying the service.
    if (!skill && values.managedSubmission && !requirements.requiresPermits) return setModal('createWhenNotRequired')
    void send()
  }

  return (
    <form className="promotion-form" onSubmit={submit} noValidate aria-describedby="form-error">
      <TextField
        id="promotion-name"
        label="Promotion name"
        value={values.name}
        onChange={(text) => set('name', text)}
        isInvalid={invalid('name')}
        maxLength={200}
        autoComplete="off"
      />

      <fieldset className="states" disabled={statesLocked} aria-invalid={invalid('ausStates') || undefined}>
        <legend>Where will the promotion run?</legend>
        <Checkbox isSelected={values.ausStates.all} isDisabled={statesLocked} onChange={(on) => set('ausStates', setNational(on))}>
          National (all states and territories)
        </Checkbox>
        <div className="state-grid">
          {STATE_KEYS.map((key) => (
            <Checkbox
              key={key}
              isSelected={values.ausStates[key]}
              isDisabled={statesLocked}
              onChange={(on) => toggleState(key, on)}
              aria-label={STATE_NAMES[key]}
            >
              <span title={STATE_NAMES[key]}>{STATE_CODES[key]}</span>
            </Checkbox>
          ))}
        </div>
        <Checkbox isSelected={values.includeNz} isDisabled={statesLocked} onChange={(on) => set('includeNz', on)}>
          Also runs in New Zealand
        </Checkbox>
        {statesLocked && <p className="muted">The states cannot be changed after the permit application has been submitted.</p>}
      </fieldset>

      <TextField
        id="prize-value"
        label="Total prize value (AUD, including GST)"
        inputMode="decimal"
        value={values.prizeValue}
        onChange={(text) => set('prizeValue', text)}
        isInvalid={invalid('totalPrizeValue')}
        placeholder="$0"
      />

      {!skill && (q.nswAuthority || q.instantWin || q.electronicDraw) && (
        <section className="quiz" aria-labelledby="quiz-title">
          <h2 id="quiz-title">Permit check</h2>
          {q.nswAuthority && (
            <YesNo
              name="hasNswAuthority"
              label="Do you hold a current NSW trade promotion authority?"
              value={values.hasNswAuthority}
              onChange={(v) => set('hasNswAuthority', v)}
              invalid={invalid('hasNswAuthority')}
            />
          )}
          {q.instantWin && (
            <YesNo
              name="hasInstantWinPrizes"
              label="Does the promotion have instant-win prizes in South Australia?"
              value={values.hasInstantWinPrizes}
              onChange={(v) => set('hasInstantWinPrizes', v)}
              invalid={invalid('hasInstantWinPrizes')}
            />
          )}
          {q.electronicDraw && (
            <YesNo
              name="winnersDrawnElectronically"
              label="Will the winners be drawn electronically?"
              value={values.winnersDrawnElectronically}
              onChange={(v) => setValues((s) => ({ ...s, winnersDrawnElectronically: v, randomDrawMachineApproved: v ? s.randomDrawMachineApproved : false }))}
              invalid={invalid('winnersDrawnElectronically')}
            />
          )}
          {q.machineApproved && (
            <YesNo
              name="randomDrawMachineApproved"
              label="Is the random draw system approved?"
              value={values.randomDrawMachineApproved}
              onChange={(v) => set('randomDrawMachineApproved', v)}
              invalid={invalid('randomDrawMachineApproved')}
            />
          )}
        </section>
      )}

      <fieldset className="services">
        <legend>Services</legend>
        {!skill && (
          <>
            <Checkbox isSelected={values.managedSubmission} isDisabled={statesLocked} onChange={(on) => set('managedSubmission', on)}>
              {PRODUCT_NAME} manages the permit submission
            </Checkbox>
            <span className="service-line">
              <Checkbox isSelected={values.randomDraw} onChange={(on) => set('randomDraw', on)}>
                Random draw
              </Checkbox>
              <Button variant="link" onPress={() => setModal('randomDrawTerms')}>
                Random draw terms
              </Button>
            </span>
            <Checkbox isSelected={values.termsAndConditions} onChange={(on) => set('termsAndConditions', on)}>
              Terms and conditions (game of chance)
            </Checkbox>
            {winnerPublicationOffered({ ausStates: values.ausStates, randomDraw: values.randomDraw }) && (
              <span className="service-line">
                <Checkbox isSelected={values.winnerPublication} onChange={(on) => set('winnerPublication', on)} data-testid="service-winner-publication">
                  Winner publication
                </Checkbox>
                <Button variant="link" onPress={() => setModal('winnerPublication')}>
                  About winner publication
                </Button>
              </span>
            )}
          </>
        )}
        {skill && <p>Terms and conditions (game of skill) are included.</p>}
        <Checkbox isSelected={values.abridgedTC} onChange={(on) => set('abridgedTC', on)}>
          Abridged terms and conditions
        </Checkbox>
        <span className="service-line">
          <Checkbox isSelected={values.hostedTC} onChange={(on) => set('hostedTC', on)}>
            Hosted terms and conditions
          </Checkbox>
          <Button variant="link" onPress={() => setModal('createTerms')}>
            About our terms and conditions
          </Button>
        </span>
      </fieldset>

      {/* The payload carries dollars (the wire); the shared fee calculation takes cents. */}
      <FeeSummary
        input={{ ...payload, totalPrizeValue: cents(values.prizeValue) ?? 0, skillsBasedTC: skill }}
        onExplainNotRequired={() => setModal('notRequired')}
      />

      <p id="form-error" className="form-error" role="alert" aria-live="assertive">
        {error?.message ?? ''}
      </p>
      <Button type="submit" isDisabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : submitLabel}
      </Button>

      <Modal
        isOpen={modal === 'createWhenNotRequired'}
        title={LABEL_NO_PERMIT_NEEDED}
        onClose={() => setModal(null)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setModal(null)}>
              Go back
            </Button>
            <Button onPress={() => void send()}>Continue anyway</Button>
          </>
        }
      >
        <p>
          Based on your answers, none of the states you chose needs a trade promotion permit. You can still create the promotion to buy terms and conditions or
          a random draw, or to keep a record. {MSG_NO_PERMIT_BASE_FEE}
        </p>
      </Modal>
      <Modal isOpen={modal === 'notRequired'} title="Included but not required" onClose={() => setModal(null)}>
        <p>
          Permits are only needed above a total prize value: NSW above $10,000, ACT above $3,000, and SA above $5,000 (or with instant-win prizes). Your
          promotion still runs in these states and must follow their laws, but no permit is applied for there.
        </p>
      </Modal>
      <Modal isOpen={modal === 'randomDrawTerms'} title="Random draw terms" onClose={() => setModal(null)}>
        <p>
          We conduct the draw with an approved random draw system at the time and place in your terms and conditions, keep a record of the draw, and send you
          the winners' details and a draw certificate.
        </p>
      </Modal>
      <Modal isOpen={modal === 'winnerPublication'} title="Winner publication" onClose={() => setModal(null)}>
        <p>{MSG_WINNER_PUBLICATION_ABOUT}</p>
      </Modal>
      <Modal isOpen={modal === 'createTerms'} title="Terms and conditions" onClose={() => setModal(null)}>
        <p>
          Our lawyers draft terms and conditions for your promotion from the details of your permit application. Abridged terms suit advertising with limited
          space; hosted terms are published online for entrants to read.
        </p>
      </Modal>
    </form>
  )
}
