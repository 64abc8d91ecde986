/**
 * /permit/edit/{id}/payment/ (issue 12): the fee breakdown and payment by card or BPAY, reached
 * from "Ready for submission" and "Ready for resubmission" (and the self-submission equivalents),
 * and from "Pending payment clearance" to pay the BPAY invoice by card instead.
 *
 * Errors (001 §8): model-state errors read "Please confirm all fields on the previous page are
 * correct, then try again."; a card failure shows the server message, or "An error occurred.
 * Please do not try again, as the card may have been charged."; after a failure the next attempt
 * is marked as a reattempt.
 */
import {
  calculateFees,
  cardTotal,
  checkCard,
  skillTcOptions,
  formatCurrency,
  customerStatusName,
  statusNextStep,
  MSG_CARD_MAY_HAVE_BEEN_CHARGED,
  MSG_CONFIRM_PAYMENT_FIELDS,
  MSG_PAYMENT_TOTAL_CHANGED,
  PERMIT_STATUS_IDS as S,
  promotionTitle,
} from '@permitdesk/shared'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { AppLayout } from '../../components/layouts/app-layout'
// Native controls only (issue 25, first render): the 3-D Secure dialog's react-aria code loads when it opens.
import { LazyModal, NativeButton } from '../../components/ui'
import { ApiError } from '../../lib/api-client'
import {
  answerSandboxChallenge,
  submitAdditionalPayment,
  submitPermitApplication,
  submitSkillsBasedTC,
  type SubmitPayment,
  type SubmitPaymentResult,
} from '../../lib/payments-api'
import { useStripeCard } from '../../lib/stripe-card'
import './payment-screen.css'
import { payablePromotionQuery, paymentConfigQuery } from './api/payment-reads'
import { useSkillOption } from './hooks/use-skill-option'

const PAYABLE = new Set<number>([S.readySubmission, S.readyResubmission, S.readyGenerate, S.readyRegenerate, S.pendingPaymentClearance])
const dashboard = (id: number) => `/promotions/edit/${id}/`
const toCents = (dollars: number) => Math.round(dollars * 100)

type CardFields = { cardName: string; cardNumber: string; cardExpiry: string; cardSecurityCode: string }
const EMPTY: CardFields = { cardName: '', cardNumber: '', cardExpiry: '', cardSecurityCode: '' }

/** How a payment attempt ended without an exception: paid (or BPAY recorded), or refused before our server was asked to charge. */
type Attempt = { paid: SubmitPaymentResult } | { refused: string }
type PayVariables = { paying: 'card' | 'bpay'; additional: boolean; call: (body: Partial<SubmitPayment>) => Promise<SubmitPaymentResult> }

export function PaymentScreen() {
  const id = Number(useParams().id)
  const navigate = useNavigate()
  // Reads through the app's query client (issue 25); the 409 path below asks for the promotion again.
  const promotion = useQuery(payablePromotionQuery(id))
  const configQuery = useQuery(paymentConfigQuery())
  const config = configQuery.data ?? null
  const [method, setMethod] = useState<'card' | 'bpay'>('card')
  const [card, setCard] = useState<CardFields>(EMPTY)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})
  const [error, setError] = useState('')
  const [reattempt, setReattempt] = useState(false)
  const [bpayResult, setBpayResult] = useState<SubmitPaymentResult | null>(null)
  const [stripeMount, setStripeMount] = useState<HTMLDivElement | null>(null)
  const stripeCard = useStripeCard(config?.gateway === 'stripe' ? config.publishableKey : null, stripeMount)
  const useStripe = config?.gateway === 'stripe'
  // The sandbox's 3-D Secure challenge (what the bank's page is with Stripe): open while it waits for an answer.
  const [challenge, setChallenge] = useState<{ answer: (outcome: 'complete' | 'fail') => void } | null>(null)
  const askChallenge = () =>
    new Promise<'complete' | 'fail'>((resolve) =>
      setChallenge({
        answer: (outcome) => {
          setChallenge(null)
          resolve(outcome)
        },
      }),
    )
  // Skill-based T&Cs (issue 14): the credit option chosen here sets their price and edit window.
  const [skillOption, chooseSkillOption] = useSkillOption(id, promotion.data?.skillsBasedTC === true)

  // One attempt: the card (Stripe, sandbox with its 3-D Secure challenge) or BPAY, as one mutation.
  const pay = useMutation({
    mutationFn: async ({ paying, call }: PayVariables): Promise<Attempt> => {
      if (paying === 'card' && useStripe) {
        // Stripe: the card goes from Elements to Stripe; we send its PaymentMethod id only.
        const created = await stripeCard.createPaymentMethod(card.cardName)
        if ('error' in created) return { refused: created.error }
        const result = await call({ paymentMethodId: created.id })
        if (!result.requiresAction) return { paid: result }
        const action = await stripeCard.handleNextAction(result.requiresAction.clientSecret)
        if (action.error) {
          setReattempt(true)
          return { refused: action.error }
        }
        return { paid: await call({ paymentIntentId: result.requiresAction.paymentIntentId }) }
      }
      const result = await call(paying === 'card' ? card : {})
      if (paying !== 'card' || !result.requiresAction) return { paid: result }
      // Sandbox 3-D Secure: the cardholder answers the challenge, then the same PaymentIntent is submitted.
      const { clientSecret, paymentIntentId } = result.requiresAction
      const outcome = await askChallenge()
      await answerSandboxChallenge({ clientSecret, outcome })
      return { paid: await call({ paymentIntentId }) }
    },
    onSuccess: (attempt, { paying, additional }) => {
      if ('refused' in attempt) return setError(attempt.refused)
      if (paying === 'bpay') setBpayResult(attempt.paid)
      else navigate(`${dashboard(id)}?${additional ? 'additionalPayment' : 'success'}`)
    },
    onError: (e) => {
      const apiError = e instanceof ApiError ? e : null
      if (apiError?.status === 409 && apiError.message === MSG_PAYMENT_TOTAL_CHANGED) {
        // The fees changed in another window: show the new total; nothing was charged.
        setError(MSG_PAYMENT_TOTAL_CHANGED)
        void promotion.refetch()
        return
      }
      if (apiError?.status === 400 && apiError.modelState) {
        setError(MSG_CONFIRM_PAYMENT_FIELDS)
        setFieldErrors(apiError.modelState)
      } else {
        setError(apiError?.message || MSG_CARD_MAY_HAVE_BEEN_CHARGED)
      }
      setReattempt(true)
    },
  })
  const busy = pay.isPending
  // A failed first read; a failed refetch (after a 409) keeps the figures already shown.
  const loadError = (!promotion.data && promotion.error?.message) || (!config && configQuery.error?.message) || ''

  if (loadError)
    return (
      <AppLayout title="Payment">
        <p className="form-error" role="alert">
          {loadError}
        </p>
      </AppLayout>
    )
  if (!promotion.data || !config)
    return (
      <AppLayout title="Payment">
        <p role="status">Loading…</p>
      </AppLayout>
    )

  const p = promotion.data
  const statusId = p.permitStatus.id
  const title = promotionTitle(p.name)
  const afterBpay = statusId === S.pendingPaymentClearance
  // After a paid submission, a rise in the fees is paid here too (submitAdditionalPayment).
  const additional = !PAYABLE.has(statusId) && !!p.pendingSubmissionInvoice

  if (bpayResult?.invoice) {
    const invoice = bpayResult.invoice
    return (
      <AppLayout title="Payment">
        <h1>Pay by BPAY</h1>
        <p role="status">
          Your application: <strong data-testid="status">{customerStatusName(bpayResult.permitStatus.id)}</strong>.
          {additional ? ' Your additional payment is recorded once it clears.' : ' It is submitted once your payment clears.'}
        </p>
        <dl className="facts bpay-details" data-testid="bpay-details">
          <dt>Biller code</dt>
          <dd data-testid="bpay-biller-code">{invoice.billerCode}</dd>
          <dt>Reference number (CRN)</dt>
          <dd data-testid="bpay-crn">{invoice.crn}</dd>
          <dt>Amount</dt>
          <dd data-testid="bpay-amount">{formatCurrency(toCents(invoice.total))}</dd>
          <dt>Invoice</dt>
          <dd>{invoice.invoiceNumber}</dd>
        </dl>
        <p>
          <Link className="button" to={dashboard(id)}>
            Back to the promotion
          </Link>
        </p>
      </AppLayout>
    )
  }

  if (!PAYABLE.has(statusId) && !additional) {
    return (
      <AppLayout title="Payment">
        <h1>{title}</h1>
        <p role="alert">
          {customerStatusName(statusId)}: there is nothing to pay here. {statusNextStep(statusId)}
        </p>
        <Link to={dashboard(id)}>Back to the promotion</Link>
      </AppLayout>
    )
  }

  // What is owed: the unpaid invoice if there is one (retry, BPAY, additional payment), else the fees.
  const owed = p.pendingSubmissionInvoice ?? null
  // A skill-based T&C purchase not invoiced yet: the fees for the chosen credit option (shared rules).
  const skillPurchase = p.skillsBasedTC && !additional && !afterBpay
  const skillFees =
    skillPurchase && !owed
      ? calculateFees(
          {
            ausStates: p.ausStates,
            totalPrizeValue: p.totalPrizeValue,
            startDate: p.startDate,
            skillsBasedTC: true,
            abridgedTC: p.abridgedTC,
            hostedTC: p.hostedTC,
            skillsBasedTCPaymentOption: skillOption,
          },
          { paymentMethod: 'bpay' },
        )
      : null
  const amount = owed ? toCents(owed.amount) : skillFees ? skillFees.feeDue_Total : p.permit.feeDue_Total
  const gst = owed ? toCents(owed.gst) : skillFees ? skillFees.feeDue_GST : p.permit.feeDue_GST
  const byCard = cardTotal(amount, gst)
  const f = skillFees ?? p.permit
  const lines: [string, number][] =
    owed && amount !== f.feeDue_Total
      ? [[additional || owed.invoiceNumber === null ? 'Additional fees after your changes' : 'Fees owed', amount]]
      : (
          [
            ['NSW permit licence fee', f.feeDue_NSW],
            ['ACT permit licence fee', f.feeDue_ACT],
            ['SA permit licence fee', f.feeDue_SA],
            ['Permit management service', f.feeDue_Service],
            ['Random draw', f.feeDue_RandomDraw],
            ['Terms and conditions (game of chance)', f.feeDue_TermsAndConditions],
            ['Terms and conditions (game of skill)', f.feeDue_SkillsBasedTC],
            ['Abridged terms and conditions', f.feeDue_AbridgedTC],
            ['Hosted terms and conditions', f.feeDue_HostedTC],
            ['Winner publication', f.feeDue_WinnerPublication ?? 0],
          ] as [string, number][]
        ).filter(([, cents]) => cents > 0)

  function submit(event: FormEvent) {
    event.preventDefault()
    setError('')
    setFieldErrors({})
    const paying = afterBpay ? 'card' : method
    if (paying === 'card' && !useStripe) {
      const errors = checkCard({ name: card.cardName, number: card.cardNumber, cvc: card.cardSecurityCode, expiry: card.cardExpiry }, new Date())
      if (Object.keys(errors).length > 0) {
        setFieldErrors(errors)
        return
      }
    }
    // What this attempt pays, fixed when the customer presses the button.
    const call = (body: Partial<SubmitPayment>) => {
      const payment = { id, isReattempt: reattempt, isBPAY: paying === 'bpay', isCardAfterBpay: afterBpay, ...body }
      if (skillPurchase) return submitSkillsBasedTC({ ...payment, skillsBasedTCPaymentOption: skillOption })
      // The server refuses (409) when this is no longer what is owed, and charges nothing.
      return (additional ? submitAdditionalPayment : submitPermitApplication)({
        ...payment,
        expectedTotal: (amount + gst) / 100,
        invoiceNumber: owed?.invoiceNumber ?? null,
      })
    }
    pay.mutate({ paying, additional, call })
  }

  return (
    <AppLayout title="Payment">
      <div className="payment-screen">
        <nav aria-label="Breadcrumb">
          <Link to={dashboard(id)}>{title}</Link>
        </nav>
        <h1>{additional ? 'Additional payment' : 'Payment'}</h1>
        <section aria-labelledby="payment-fees">
          <h2 id="payment-fees">Fees</h2>
          <table className="fee-table" data-testid="payment-fees">
            <tbody>
              {lines.map(([label, cents]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{formatCurrency(cents)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">GST (10% on our fees)</th>
                <td data-testid="payment-gst">{formatCurrency(gst)}</td>
              </tr>
              <tr className="total">
                <th scope="row">Total</th>
                <td data-testid="payment-total">{formatCurrency(amount + gst)}</td>
              </tr>
              {(afterBpay || method === 'card') && (
                <>
                  <tr>
                    <th scope="row">Card surcharge (1.5%)</th>
                    <td data-testid="payment-surcharge">{formatCurrency(byCard.surcharge)}</td>
                  </tr>
                  <tr className="total">
                    <th scope="row">Total by card</th>
                    <td data-testid="payment-card-total">{formatCurrency(byCard.total)}</td>
                  </tr>
                </>
              )}
            </tbody>
          </table>
        </section>

        {skillPurchase && (
          <fieldset className="skill-options" data-testid="skill-options" disabled={!!owed || busy}>
            <legend>Terms and conditions (game of skill): choose your option</legend>
            {skillTcOptions().map((o) => (
              <label className="payment-choice" key={o.option}>
                <input
                  type="radio"
                  name="skillsBasedTCPaymentOption"
                  value={o.option}
                  checked={skillOption === o.option}
                  onChange={() => chooseSkillOption(o.option)}
                />{' '}
                {formatCurrency(o.priceCents)} · {o.label}
              </label>
            ))}
            <p className="hint">
              {owed
                ? 'This option was invoiced: to change it, please contact support.'
                : 'After payment you can change your promotion and regenerate its terms and conditions for the number of days shown, counted from the payment.'}
            </p>
          </fieldset>
        )}

        <form onSubmit={submit} noValidate aria-labelledby="payment-method">
          <h2 id="payment-method">{afterBpay ? 'Pay your BPAY invoice by card instead' : 'Payment method'}</h2>
          {!afterBpay && (
            <fieldset>
              <legend className="visually-hidden">Pay by</legend>
              <label className="payment-choice">
                <input type="radio" name="method" checked={method === 'card'} onChange={() => setMethod('card')} /> Credit card
              </label>
              <label className="payment-choice">
                <input type="radio" name="method" checked={method === 'bpay'} onChange={() => setMethod('bpay')} /> BPAY
              </label>
            </fieldset>
          )}
          {(afterBpay || method === 'card') && (
            <fieldset>
              <legend>Card details</legend>
              <CardField name="cardName" label="Name on card" autoComplete="cc-name" card={card} setCard={setCard} errors={fieldErrors} />
              {useStripe ? (
                <div className="ui-field">
                  <span className="ui-field__label">Card</span>
                  <div ref={setStripeMount} className="stripe-card" data-testid="stripe-card" />
                  {!stripeCard.ready && <p role="status">Loading the secure card field…</p>}
                </div>
              ) : (
                <>
                  <CardField
                    name="cardNumber"
                    label="Card number"
                    autoComplete="cc-number"
                    inputMode="numeric"
                    card={card}
                    setCard={setCard}
                    errors={fieldErrors}
                  />
                  <CardField name="cardExpiry" label="Expiry (MM/YY)" autoComplete="cc-exp" card={card} setCard={setCard} errors={fieldErrors} />
                  <CardField
                    name="cardSecurityCode"
                    label="Security code"
                    autoComplete="cc-csc"
                    inputMode="numeric"
                    card={card}
                    setCard={setCard}
                    errors={fieldErrors}
                  />
                </>
              )}
            </fieldset>
          )}
          {method === 'bpay' && !afterBpay && (
            <p>We will give you the biller code and a reference number. Your application is submitted once the payment clears.</p>
          )}
          {error && (
            <p className="form-error" role="alert" data-testid="payment-error">
              {error}
            </p>
          )}
          <button type="submit" className="button primary" disabled={busy}>
            {busy
              ? 'Processing…'
              : additional
                ? method === 'card'
                  ? `Pay ${formatCurrency(byCard.total)}`
                  : 'Pay by BPAY'
                : afterBpay || method === 'card'
                  ? `Pay ${formatCurrency(byCard.total)} and submit`
                  : 'Submit and pay by BPAY'}
          </button>
        </form>
        <LazyModal
          isOpen={challenge !== null}
          blocking
          title="Confirm this payment with your bank"
          actions={
            <>
              <NativeButton variant="secondary" onClick={() => challenge?.answer('fail')}>
                Fail authentication
              </NativeButton>
              <NativeButton variant="primary" onClick={() => challenge?.answer('complete')}>
                Complete authentication
              </NativeButton>
            </>
          }
        >
          <div data-testid="sandbox-challenge">
            <p>Your card issuer asks you to confirm this payment of {formatCurrency(byCard.total)} (3-D Secure).</p>
            <p>This is the test payment gateway: choose whether the cardholder completes or fails the check.</p>
          </div>
        </LazyModal>
      </div>
    </AppLayout>
  )
}

function CardField(props: {
  name: keyof CardFields
  label: string
  autoComplete: string
  inputMode?: 'numeric'
  card: CardFields
  setCard: (card: CardFields) => void
  errors: Record<string, string[]>
}) {
  const id = useId()
  const errors = props.errors[props.name]
  return (
    <div className="ui-field" data-invalid={errors ? true : undefined}>
      <label className="ui-field__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        className="ui-input"
        id={id}
        name={props.name}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        value={props.card[props.name]}
        onChange={(e) => props.setCard({ ...props.card, [props.name]: e.target.value })}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
      />
      {errors && (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </div>
  )
}
