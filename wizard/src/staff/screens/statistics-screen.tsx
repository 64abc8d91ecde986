/**
 * statistics/ (001 §2, issue 26): figures staff act on. The provider's revenue by service (ex GST)
 * with government fees shown apart as money passed through to the regulators; conversion;
 * turnaround from submission to permit number per state; outstanding work by age; filters by
 * created date range, state and service (test promotions left out unless asked for); every table
 * exported as a formula-safe CSV.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import {
  dollarsToCents,
  formatCurrency,
  formatDate,
  formatTime,
  MSG_STATISTICS_RANGE,
  STATISTICS_SERVICES,
  STATISTICS_STATES,
  feeServiceLabel,
  toCsv,
  type StatisticsService,
} from '@permitdesk/shared'
import { Checkbox, DatePicker, NativeButton, Select, SortableTable, useTableSort, type TableColumn } from '../../components/ui'
import { getStatistics, staffKeys, type StatisticsParams } from '../api/staff-api'
import { StaffLayout } from '../staff-layout'

type Stats = {
  /** When these figures were computed (they are recomputed whenever a promotion changes). */
  asOf: string
  total: number
  byStatus: { statusId: number; status: string; count: number; percentage: number }[]
  byState: { state: string; count: number; percentage: number }[]
  byMonth: { month: string; created: number; paid: number }[]
  revenueByService: { service: string; label: string; amount: number; percentage: number }[]
  revenueTotal: number
  governmentFees: { state: string; label: string; amount: number }[]
  governmentFeesTotal: number
  conversion: { created: number; paid: number; percentage: number }
  turnaround: { state: string; measured: number; medianDays: number | null; p90Days: number | null }[]
  outstandingByAge: { label: string; tone: string; count: number }[]
  averageDaysToApproval: number | null
  approvalsMeasured: number
}

type Filter = { from: string | null; to: string | null; state: string; service: string; includeTest: boolean }

const ALL = 'all'
const pct = (n: number) => `${n.toFixed(2)}%`
const money = (dollars: number) => formatCurrency(dollarsToCents(dollars))
/** '2026-11' as 'Nov 2026' (the one date format, month alone). */
const monthLabel = (month: string) => formatDate(`${month}-01`).replace(/^1 /, '')
const days = (n: number | null) => (n === null ? '—' : `${n} days`)

/** A horizontal bar chart drawn as SVG from the data (no charting library, no CDN). */
function BarChart({ title, bars }: { title: string; bars: { label: string; value: number }[] }) {
  // Nothing to compare: the table below says so.
  if (!bars.some((b) => b.value > 0)) return null
  const max = Math.max(1, ...bars.map((b) => b.value))
  const row = 22
  const labelWidth = 190
  const width = 560
  return (
    <svg className="staff-chart" role="img" aria-label={title} viewBox={`0 0 ${width} ${bars.length * row + 4}`} width="100%" style={{ maxWidth: width }}>
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

/** Downloads rows as a CSV file; the cells go through the shared formula-safe writer. */
function downloadCsv(name: string, rows: (string | number | null)[][]) {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `${name}.csv`
  link.click()
  URL.revokeObjectURL(url)
}

/** A table section: heading, table, and its CSV export. */
function Section<T>({
  title,
  name,
  columns,
  rows,
  rowKey,
  csv,
}: {
  title: string
  name: string
  columns: TableColumn<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string | number
  csv: (row: T) => (string | number | null)[]
}) {
  // Every column sorts by the figure its CSV cell holds; the export keeps the order on screen.
  const sortable = useMemo(() => columns.map((c, i) => ({ ...c, sortValue: c.sortValue ?? ((row: T) => csv(row)[i]) })), [columns, csv])
  const table = useTableSort(rows, sortable)
  return (
    <>
      <SortableTable label={title} {...table} rowKey={rowKey} empty="Nothing in this range." scrollable />
      <p>
        <NativeButton variant="secondary" onClick={() => downloadCsv(name, [columns.map((c) => c.label), ...table.rows.map(csv)])}>
          Export “{title}” as CSV
        </NativeButton>
      </p>
    </>
  )
}

export function StatisticsScreen() {
  const [filter, setFilter] = useState<Filter>({ from: null, to: null, state: ALL, service: ALL, includeTest: false })
  // The selects offer only the API's states and services (STATES, SERVICE_LABELS).
  const params: StatisticsParams = {
    from: filter.from ?? undefined,
    to: filter.to ?? undefined,
    state: filter.state === ALL ? undefined : (filter.state as StatisticsParams['state']),
    service: filter.service === ALL ? undefined : (filter.service as StatisticsParams['service']),
    includeTest: filter.includeTest || undefined,
  }
  const rangeError = filter.from && filter.to && filter.from > filter.to ? MSG_STATISTICS_RANGE : undefined
  const { data, isFetching } = useQuery({
    queryKey: staffKeys.statistics(params),
    queryFn: () => getStatistics<Stats>(params),
    placeholderData: keepPreviousData,
    enabled: !rangeError,
  })
  const set = (change: Partial<Filter>) => setFilter((f) => ({ ...f, ...change }))
  return (
    <StaffLayout title="Statistics">
      <h1>Statistics</h1>
      <form className="staff-filters" aria-label="Filter the statistics" onSubmit={(e) => e.preventDefault()}>
        <DatePicker label="Created from" value={filter.from} onChange={(from) => set({ from })} />
        <DatePicker label="Created to" value={filter.to} onChange={(to) => set({ to })} errorMessage={rangeError} />
        <Select
          label="State"
          value={filter.state}
          onChange={(state) => set({ state })}
          options={[{ id: ALL, label: 'All states' }, ...STATISTICS_STATES.map((s) => ({ id: s, label: s }))]}
        />
        <Select
          label="Service"
          value={filter.service}
          onChange={(service) => set({ service })}
          options={[{ id: ALL, label: 'All services' }, ...STATISTICS_SERVICES.map((s: StatisticsService) => ({ id: s, label: feeServiceLabel(s) }))]}
        />
        <Checkbox isSelected={filter.includeTest} onChange={(includeTest) => set({ includeTest })}>
          Include test promotions
        </Checkbox>
      </form>
      <p role="status" aria-live="polite" className="staff-muted">
        {isFetching ? 'Updating…' : data ? `${data.total} promotions${filter.includeTest ? ', test promotions included' : ''}.` : ''}
      </p>
      <p className="staff-muted">{data ? `Figures as of ${formatTime(data.asOf)}.` : ''}</p>
      {data && (
        <>
          <dl className="staff-figures">
            <div>
              <dt>Revenue (our fees, ex GST)</dt>
              <dd>{money(data.revenueTotal)}</dd>
            </div>
            <div>
              <dt>Government fees passed through</dt>
              <dd>{money(data.governmentFeesTotal)}</dd>
            </div>
            <div>
              <dt>Conversion, created to paid</dt>
              <dd>
                {pct(data.conversion.percentage)} ({data.conversion.paid} of {data.conversion.created})
              </dd>
            </div>
            <div>
              <dt>Average days to approval</dt>
              <dd>
                {data.averageDaysToApproval ?? '—'} ({data.approvalsMeasured} approvals)
              </dd>
            </div>
          </dl>

          <h2>Revenue by service</h2>
          <p className="staff-muted">Our own fees on paid promotions, ex GST. Government permit fees are not revenue: they are listed below.</p>
          <BarChart title="Revenue by service, dollars ex GST" bars={data.revenueByService.map((r) => ({ label: r.label, value: r.amount }))} />
          <Section
            title="Revenue by service"
            name="revenue-by-service"
            rows={data.revenueByService}
            rowKey={(r) => r.service}
            columns={[
              { id: 'label', label: 'Service', render: (r) => r.label, isRowHeader: true },
              { id: 'amount', label: 'Revenue (ex GST)', render: (r) => money(r.amount), align: 'end' },
              { id: 'share', label: 'Share', render: (r) => pct(r.percentage), align: 'end' },
            ]}
            csv={(r) => [r.label, r.amount, r.percentage]}
          />

          <h2>Government fees passed through</h2>
          <Section
            title="Government fees passed through"
            name="government-fees"
            rows={data.governmentFees}
            rowKey={(r) => r.state}
            columns={[
              { id: 'label', label: 'Fee', render: (r) => r.label, isRowHeader: true },
              { id: 'amount', label: 'Collected', render: (r) => money(r.amount), align: 'end' },
            ]}
            csv={(r) => [r.label, r.amount]}
          />

          <h2>Turnaround, submission to permit number</h2>
          <Section
            title="Turnaround by state"
            name="turnaround"
            rows={data.turnaround}
            rowKey={(r) => r.state}
            columns={[
              { id: 'state', label: 'State', render: (r) => r.state, isRowHeader: true },
              { id: 'measured', label: 'Permits measured', render: (r) => r.measured, align: 'end' },
              { id: 'median', label: 'Median', render: (r) => days(r.medianDays), align: 'end' },
              { id: 'p90', label: '90th percentile', render: (r) => days(r.p90Days), align: 'end' },
            ]}
            csv={(r) => [r.state, r.measured, r.medianDays, r.p90Days]}
          />

          <h2>Outstanding work by age</h2>
          <BarChart title="Outstanding applications by days since submission" bars={data.outstandingByAge.map((b) => ({ label: b.label, value: b.count }))} />
          <Section
            title="Outstanding work by age"
            name="outstanding-by-age"
            rows={data.outstandingByAge}
            rowKey={(r) => r.label}
            columns={[
              { id: 'label', label: 'Since submission', render: (r) => r.label, isRowHeader: true },
              { id: 'count', label: 'Applications', render: (r) => r.count, align: 'end' },
            ]}
            csv={(r) => [r.label, r.count]}
          />

          <h2>By status</h2>
          <BarChart title="Promotions by status" bars={data.byStatus.map((s) => ({ label: s.status, value: s.count }))} />
          <Section
            title="Promotions by status"
            name="by-status"
            rows={data.byStatus}
            rowKey={(r) => r.statusId}
            columns={[
              { id: 'status', label: 'Status', render: (r) => r.status, isRowHeader: true },
              { id: 'count', label: 'Promotions', render: (r) => r.count, align: 'end' },
              { id: 'share', label: 'Share', render: (r) => pct(r.percentage), align: 'end' },
            ]}
            csv={(r) => [r.status, r.count, r.percentage]}
          />

          <h2>By state</h2>
          <Section
            title="Promotions by state"
            name="by-state"
            rows={data.byState}
            rowKey={(r) => r.state}
            columns={[
              { id: 'state', label: 'State', render: (r) => r.state, isRowHeader: true },
              { id: 'count', label: 'Promotions', render: (r) => r.count, align: 'end' },
              { id: 'share', label: 'Share', render: (r) => pct(r.percentage), align: 'end' },
            ]}
            csv={(r) => [r.state, r.count, r.percentage]}
          />

          <h2>By month</h2>
          <BarChart title="Promotions created by month" bars={data.byMonth.map((m) => ({ label: monthLabel(m.month), value: m.created }))} />
          <Section
            title="Promotions by month"
            name="by-month"
            rows={data.byMonth}
            rowKey={(r) => r.month}
            columns={[
              { id: 'month', label: 'Month', render: (r) => monthLabel(r.month), sortValue: (r) => r.month, isRowHeader: true },
              { id: 'created', label: 'Created', render: (r) => r.created, align: 'end' },
              { id: 'paid', label: 'Paid', render: (r) => r.paid, align: 'end' },
            ]}
            csv={(r) => [monthLabel(r.month), r.created, r.paid]}
          />
        </>
      )}
    </StaffLayout>
  )
}
