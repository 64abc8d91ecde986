/**
 * The lodgement pack on the promotion dashboard and the staff promotion page (issue 12): its
 * state as the job reports it (queued, building n of m, ready with the download, failed with
 * the reason and a way to ask again), read again every few seconds while it is on its way. A
 * paid application whose pack is not built for its current version (it changed since) asks for
 * it once when shown.
 */
import { useEffect, useRef, useState } from 'react'
import { Progress } from './ui'
import { ServicePaymentNotice } from './service-payment-notice'
import { getLodgementPack, requestLodgementPack, type LodgementPackView } from '../lib/payments-api'

const POLL_MS = 2000

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toLocaleString('en-AU', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`

export function LodgementPackPanel({ promotionId }: { promotionId: number }) {
  const [pack, setPack] = useState<LodgementPackView | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const asked = useRef(false)
  // While it is on its way, the state is read again every POLL_MS; a request that queued it again restarts that.
  const onItsWay = pack?.state === 'queued' || pack?.state === 'building'

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const load = (): Promise<void> =>
      getLodgementPack(promotionId).then(
        (view) => {
          if (stopped) return
          // Paid, but not built for this version of the application (it changed since): ask for it.
          if (view.state === 'none' && !asked.current) {
            asked.current = true
            return requestLodgementPack(promotionId).then(
              (queued) => void (!stopped && setPack(queued)),
              (e: Error) => void (!stopped && (setPack(view), setError(e.message))),
            )
          }
          setPack(view)
          if (view.state === 'queued' || view.state === 'building') timer = setTimeout(load, POLL_MS)
        },
        (e: Error) => {
          if (!stopped) setError(e.message)
        },
      )
    void load()
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
    }
  }, [promotionId, onItsWay])

  // Issue 22: unpaid, the pack says what to pay and where, before the customer asks for it.
  if (pack?.state === 'unpaid') return <ServicePaymentNotice promotionId={promotionId} service="lodgementPack" />
  if (!pack)
    return error ? (
      <p className="form-error" role="alert">
        {error}
      </p>
    ) : null

  const ask = () => {
    setBusy(true)
    setError('')
    requestLodgementPack(promotionId).then(
      (view) => (setPack(view), setBusy(false)),
      (e: Error) => (setError(e.message), setBusy(false)),
    )
  }

  return (
    <div className="lodgement-pack" data-testid="lodgement-pack-panel" data-state={pack.state}>
      <h3>Lodgement pack</h3>
      {pack.state === 'none' && (
        <p>
          The application forms and attachments, as one zip.{' '}
          <button type="button" className="button" onClick={ask} disabled={busy} data-testid="lodgement-pack-request">
            Prepare the lodgement pack
          </button>
        </p>
      )}
      {pack.state === 'queued' && (
        <p role="status" data-testid="lodgement-pack-status">
          {pack.attempts > 0 && pack.error ? `Trying again shortly (attempt ${pack.attempts} did not finish: ${pack.error})` : 'Waiting to be prepared…'}
        </p>
      )}
      {pack.state === 'building' && (
        <div data-testid="lodgement-pack-status">
          <Progress label={`Preparing: step ${pack.step} of ${pack.total}`} value={pack.total ? (100 * pack.step) / pack.total : undefined} />
        </div>
      )}
      {pack.state === 'ready' && pack.downloadUrl && (
        <p data-testid="lodgement-pack-status">
          <a href={pack.downloadUrl} download data-testid="lodgement-pack">
            Download the lodgement pack (application forms and attachments, zip{pack.sizeBytes ? `, ${megabytes(pack.sizeBytes)}` : ''})
          </a>
        </p>
      )}
      {pack.state === 'failed' && (
        <>
          <p className="form-error" role="alert" data-testid="lodgement-pack-status">
            The lodgement pack could not be prepared: {pack.error}
          </p>
          <p>
            <button type="button" className="button" onClick={ask} disabled={busy} data-testid="lodgement-pack-request">
              Try again
            </button>
          </p>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
