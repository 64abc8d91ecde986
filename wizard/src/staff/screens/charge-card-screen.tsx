import { cardTotal, checkCard, dollarsToCents, formatCurrency, MSG_CARD_MAY_HAVE_BEEN_CHARGED, type InvoiceView } from '@permitdesk/shared'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useStripeCard } from '../../lib/stripe-card'
import { ApiError } from '../../lib/api-client'
import { chargeCard, getArbitraryInvoice, type ChargeCardBody } from '../api/staff-api'
import { getPaymentConfig, type PaymentConfig } from '../../lib/payments-api'
import { notify } from '../../lib/notify'
import { Button, Modal, NativeButton } from '../../components/ui'
import { StaffLayout } from '../staff-layout'
import { invoicePaths, staffPaths } from '../staff-paths'

type Card = { cardName: string; cardNumber: string; cardExpiry: string; cardSecurityCode: string }
const EMPTY: Card = { cardName: '', cardNumber: '', cardExpiry: '', cardSecurityCode: '' }
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  jcb: 'JCB',
  discover: 'Discover',
}

/**
 * chargecard/ (issue 13, 001 §7 chargeCard): staff charge a customer's card for an unpaid invoice
 * through the payment gateway (Stripe Elements, or the sandbox's card fields), plus the 1.5%
 * surcharge on amount plus GST (the shared `cardTotal`). A failure shows the server's message, or
 * "An error occurred. Please do not try again, as the card may have been charged.".
 */
export function ChargeCardScreen() {
  const [params, setParams] = useSearchParams()
  const invoiceNumber = Number(params.get('invoice')) || null
  const [lookup, setLookup] = useState(invoiceNumber ? String(invoiceNumber) : '')
  const [invoice, setInvoice] = useState<InvoiceView | null>(null)
  const [lookupError, setLookupError] = useState('')
  const [config, setConfig] = useState<PaymentConfig | null>(null)
  const [card, setCard] = useState<Card>(EMPTY)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [reattempt, setReattempt] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [paid, setPaid] = useState<{ invoice: InvoiceView; card: { brand: string | null; last4: string | null } } | null>(null)
  const [stripeMount, setStripeMount] = useState<HTMLDivElement | null>(null)
  const useStripe = config?.gateway === 'stripe'
  const stripeCard = useStripeCard(useStripe ? config.publishableKey : null, stripeMount)

  useEffect(() => {
    getPaymentConfig().then(setConfig, (e: Error) => setLookupError(e.message))
  }, [])

  useEffect(() => {
    setInvoice(null)
    setPaid(null)
    setError('')
    setReattempt(false)
    if (!invoiceNumber) return
    getArbitraryInvoice(invoiceNumber).then(
      (found) => {
        setInvoice(found)
        setLookupError('')
      },
      (e: unknown) =>
        setLookupError(e instanceof ApiError && e.status === 404 ? `There is no invoice ${invoiceNumber}.` : e instanceof ApiError ? e.message : String(e)),
    )
  }, [invoiceNumber])

  function find(event: FormEvent) {
    event.preventDefault()
    const n = Number(lookup.trim())
    if (!Number.isInteger(n) || n <= 0) return setLookupError('Please enter an invoice number.')
    setParams({ invoice: String(n) })
  }

  /** The card is checked first; the charge waits for the staff member to confirm the amount. */
  function check(event: FormEvent) {
    event.preventDefault()
    if (!invoice) return
    setError('')
    setFieldErrors({})
    if (!useStripe) {
      const errors = checkCard({ name: card.cardName, number: card.cardNumber, cvc: card.cardSecurityCode, expiry: card.cardExpiry }, new Date())
      if (Object.keys(errors).length > 0) return setFieldErrors(errors)
    }
    setConfirming(true)
  }

  async function charge() {
    setConfirming(false)
    if (!invoice) return
    setBusy(true)
    try {
      let body: ChargeCardBody = { invoiceNumber: invoice.invoiceNumber, isReattempt: reattempt }
      if (useStripe) {
        const created = await stripeCard.createPaymentMethod(card.cardName)
        if ('error' in created) return setError(created.error)
        body = { ...body, cardName: card.cardName, paymentMethodId: created.id }
      } else body = { ...body, ...card }
      const result = await chargeCard(body)
      setPaid(result)
      setCard(EMPTY)
      notify(`Invoice ${result.invoice.invoiceNumber} paid by card.`, 'info')
    } catch (e) {
      const apiError = e instanceof ApiError ? e : null
      if (apiError?.status === 400 && apiError.modelState) setFieldErrors(apiError.modelState)
      setError(apiError?.message || MSG_CARD_MAY_HAVE_BEEN_CHARGED)
      setReattempt(true)
    } finally {
      setBusy(false)
    }
  }

  const byCard = invoice ? cardTotal(dollarsToCents(invoice.amount), dollarsToCents(invoice.gst)) : null
  return (
    <StaffLayout title="Charge card">
      <h1>Charge a card</h1>
      <form className="inline" role="search" onSubmit={find}>
        <label>
          Invoice number
          <input inputMode="numeric" value={lookup} onChange={(e) => setLookup(e.target.value)} size={10} />
        </label>
        <NativeButton type="submit">Find invoice</NativeButton>
      </form>
      {lookupError && <p role="alert">{lookupError}</p>}

      {invoice && byCard && (
        <>
          <h2>
            Invoice {invoice.invoiceNumber}:{' '}
            <Link to={staffPaths.detail(invoice.promotionId)}>{invoice.promotionName || `promotion ${invoice.promotionId}`}</Link>
          </h2>
          <p className="staff-actions">
            <Link to={invoicePaths.detail(invoice.promotionId, invoice.invoiceNumber)}>Invoice detail</Link>
          </p>
          <dl className="staff-dl" data-testid="charge-amounts">
            <dt>Status</dt>
            <dd data-testid="charge-status">{paid ? paid.invoice.status : invoice.status}</dd>
            <dt>Amount</dt>
            <dd>{formatCurrency(dollarsToCents(invoice.amount))}</dd>
            <dt>GST</dt>
            <dd>{formatCurrency(dollarsToCents(invoice.gst))}</dd>
            <dt>Card surcharge (1.5%)</dt>
            <dd data-testid="charge-surcharge">{formatCurrency(paid ? dollarsToCents(paid.invoice.ccSurcharge) : byCard.surcharge)}</dd>
            <dt>Total by card</dt>
            <dd data-testid="charge-total">{formatCurrency(paid ? dollarsToCents(paid.invoice.total) : byCard.total)}</dd>
          </dl>
          {paid ? (
            <p role="status" data-testid="charge-result">
              Charged {formatCurrency(dollarsToCents(paid.invoice.total))} to {(paid.card.brand && BRAND_NAMES[paid.card.brand]) || 'the card'}
              {paid.card.last4 ? ` ending ${paid.card.last4}` : ''}.
            </p>
          ) : invoice.status !== 'awaiting payment' ? (
            <p role="alert">This invoice is {invoice.status}: there is nothing to charge.</p>
          ) : (
            <form onSubmit={check} noValidate aria-label="Card details">
              <CardInput name="cardName" label="Name on card" card={card} setCard={setCard} errors={fieldErrors} />
              {useStripe ? (
                <div className="field">
                  <span>Card</span>
                  <div ref={setStripeMount} className="stripe-card" data-testid="stripe-card" />
                  {!stripeCard.ready && <p role="status">Loading the secure card field…</p>}
                </div>
              ) : (
                <>
                  <CardInput name="cardNumber" label="Card number" card={card} setCard={setCard} errors={fieldErrors} />
                  <CardInput name="cardExpiry" label="Expiry (MM/YY)" card={card} setCard={setCard} errors={fieldErrors} />
                  <CardInput name="cardSecurityCode" label="Security code" card={card} setCard={setCard} errors={fieldErrors} />
                </>
              )}
              {error && (
                <p role="alert" className="field-error" data-testid="charge-error">
                  {error}
                </p>
              )}
              <NativeButton type="submit" disabled={busy}>
                {busy ? 'Charging…' : `Charge ${formatCurrency(byCard.total)}`}
              </NativeButton>
              <Modal
                isOpen={confirming}
                title={`Charge ${formatCurrency(byCard.total)}?`}
                onClose={() => setConfirming(false)}
                actions={
                  <>
                    <Button variant="secondary" onPress={() => setConfirming(false)}>
                      Cancel
                    </Button>
                    <Button onPress={() => void charge()}>Charge the card</Button>
                  </>
                }
              >
                <p>
                  {formatCurrency(byCard.total)} to this card for invoice {invoice.invoiceNumber}, including the card surcharge of{' '}
                  {formatCurrency(byCard.surcharge)}.
                </p>
              </Modal>
            </form>
          )}
        </>
      )}
    </StaffLayout>
  )
}

function CardInput({
  name,
  label,
  card,
  setCard,
  errors,
}: {
  name: keyof Card
  label: string
  card: Card
  setCard: (card: Card) => void
  errors: Record<string, string[]>
}) {
  const messages = errors[name]
  return (
    <div className="field">
      <label>
        {label}
        <input
          name={name}
          autoComplete="off"
          value={card[name]}
          onChange={(e) => setCard({ ...card, [name]: e.target.value })}
          aria-invalid={messages ? true : undefined}
        />
      </label>
      {messages && (
        <p className="field-error" role="alert">
          {messages.join(' ')}
        </p>
      )}
    </div>
  )
}
