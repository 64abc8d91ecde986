import { api } from '../../lib/api-client'
import { StaffLayout } from '../staff-layout'
import { useLoad } from '../use-load'

type Stats = {
  total: number
  byStatus: { statusId: number; status: string; count: number; percentage: number }[]
  byState: { state: string; count: number; percentage: number }[]
  byMonth: { month: string; created: number; paid: number }[]
  revenueByService: { service: string; amount: number; percentage: number }[]
  conversion: { created: number; paid: number; percentage: number }
  averageDaysToApproval: number | null
  approvalsMeasured: number
}

/** A horizontal bar chart drawn as SVG from the data (no charting library, no CDN). */
function BarChart({ title, bars }: { title: string; bars: { label: string; value: number }[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value))
  const row = 22
  const labelWidth = 190
  const width = 560
  return (
    <svg className="staff-chart" role="img" aria-label={title} viewBox={`0 0 ${width} ${bars.length * row + 4}`} width={width}>
      {bars.map((b, i) => {
        const w = ((width - labelWidth - 60) * b.value) / max
        return (
          <g key={b.label} transform={`translate(0 ${i * row})`}>
            <text x={labelWidth - 6} y={15} textAnchor="end" fontSize="12">
              {b.label}
            </text>
            <rect x={labelWidth} y={3} width={Math.max(w, b.value > 0 ? 1 : 0)} height={16} fill="#0b6e4f" />
            <text x={labelWidth + w + 4} y={15} fontSize="12">
              {b.value.toLocaleString('en-AU')}
            </text>
          </g>
        )
      })}
    </svg>
  )
}

const pct = (n: number) => `${n.toFixed(2)}%`

/** statistics/: promotions by status, state and month; revenue by service; conversion; days to approval. Charts and tables. */
export function StatisticsScreen() {
  const { data } = useLoad(() => api.get<Stats>('/api/admin/statistics'), [])
  return (
    <StaffLayout title="Statistics">
      <h1>Statistics</h1>
      {data && (
        <>
          <p>
            {data.total} promotions. Conversion from created to paid: <strong>{pct(data.conversion.percentage)}</strong> ({data.conversion.paid} of {data.conversion.created}). Average days from submission to
            approval: <strong>{data.averageDaysToApproval ?? '—'}</strong> ({data.approvalsMeasured} approvals).
          </p>
          <h2>By status</h2>
          <BarChart title="Promotions by status" bars={data.byStatus.map((s) => ({ label: s.status, value: s.count }))} />
          <table>
            <thead><tr><th>Status</th><th>Promotions</th><th>Share</th></tr></thead>
            <tbody>{data.byStatus.map((s) => <tr key={s.statusId}><td>{s.status}</td><td>{s.count}</td><td>{pct(s.percentage)}</td></tr>)}</tbody>
          </table>
          <h2>By state</h2>
          <BarChart title="Promotions by state" bars={data.byState.map((s) => ({ label: s.state, value: s.count }))} />
          <table>
            <thead><tr><th>State</th><th>Promotions</th><th>Share</th></tr></thead>
            <tbody>{data.byState.map((s) => <tr key={s.state}><td>{s.state}</td><td>{s.count}</td><td>{pct(s.percentage)}</td></tr>)}</tbody>
          </table>
          <h2>By month</h2>
          <BarChart title="Promotions created by month" bars={data.byMonth.map((m) => ({ label: m.month, value: m.created }))} />
          <table>
            <thead><tr><th>Month</th><th>Created</th><th>Paid</th></tr></thead>
            <tbody>{data.byMonth.map((m) => <tr key={m.month}><td>{m.month}</td><td>{m.created}</td><td>{m.paid}</td></tr>)}</tbody>
          </table>
          <h2>Revenue by service</h2>
          <BarChart title="Revenue by service (dollars)" bars={data.revenueByService.map((r) => ({ label: r.service, value: r.amount }))} />
          <table>
            <thead><tr><th>Service</th><th>Revenue</th><th>Share</th></tr></thead>
            <tbody>{data.revenueByService.map((r) => <tr key={r.service}><td>{r.service}</td><td>${r.amount.toLocaleString('en-AU', { minimumFractionDigits: 2 })}</td><td>{pct(r.percentage)}</td></tr>)}</tbody>
          </table>
        </>
      )}
    </StaffLayout>
  )
}
