import { AfterFirstPaint } from '../../../components/after-first-paint'
import { PromotionInvoices } from '../../../components/promotion-invoices'
import { getPromotion, type Promotion } from '../api/promotions'
import { DatesAndReminders } from './dates-and-reminders'
import { AddendaPanel } from './documents/addenda-panel'
import { FeeBreakdownTable } from './fee-breakdown-table'
import { TermsPanel } from './terms-panel'
import { WinnerPublicationPanel } from './winner-publication-panel'

type Props = { promotion: Promotion; onPromotionChange: (promotion: Promotion) => void }

/**
 * The promotion dashboard below its first screen (001 §2): calendar, fees, invoices, T&Cs, winner
 * publication and addenda. Its own chunk, loaded after the top of the dashboard has rendered
 * (promotion-dashboard.tsx).
 */
export function PromotionDashboardDetails({ promotion: p, onPromotionChange }: Props) {
  const id = p.id
  return (
    <>
      <DatesAndReminders promotionId={id} winnerPublication={p.hasWinnerPublication} ausStates={p.ausStates} />
      {/* One commit per slice, each after the one before has painted: no single long task (TBT). */}
      <AfterFirstPaint>
        <FeeBreakdownTable promotion={p} />
        <PromotionInvoices
          promotionId={id}
          statusId={p.permitStatus.id}
          pendingSubmissionInvoice={p.pendingSubmissionInvoice}
          pendingCustomInvoice={p.pendingCustomInvoice}
        />
        <AfterFirstPaint>
          <TermsPanel promotionId={id} />
          {p.hasWinnerPublication && <WinnerPublicationPanel promotionId={id} randomDraw={p.randomDraw} />}
          <AddendaPanel promotion={p} onLodged={() => void getPromotion(id).then(onPromotionChange)} />
        </AfterFirstPaint>
      </AfterFirstPaint>
    </>
  )
}
