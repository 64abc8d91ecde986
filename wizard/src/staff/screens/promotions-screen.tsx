import { formatDate, type AdminPromotionRow } from '@permitdesk/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Badge, NativeButton, Pager, SortableTable, type TableColumn } from '../../components/ui'
import { searchPromotions, staffKeys, type PromotionSearch } from '../api/staff-api'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'

const COLUMNS: readonly TableColumn<AdminPromotionRow>[] = [
  { id: 'id', label: 'Id', render: (p) => p.id },
  {
    id: 'name',
    label: 'Name',
    isRowHeader: true,
    render: (p) => (
      <>
        <Link to={staffPaths.detail(p.id)}>{p.name || '(no name)'}</Link> {p.isTest && <Badge tone="warning">Test</Badge>}{' '}
        {p.deleted && <Badge tone="danger">Deleted</Badge>}
      </>
    ),
  },
  { id: 'status', label: 'Status', render: (p) => p.statusName },
  {
    id: 'account',
    label: 'Account',
    render: (p) => (
      <>
        <Link to={`${staffPaths.promotions}?account_id=${p.accountId}`}>{p.accountName}</Link>
        <br />
        {p.email}
      </>
    ),
  },
  { id: 'organisation', label: 'Organisation', render: (p) => p.organisation },
  { id: 'permits', label: 'Permit numbers', render: (p) => p.permitNumbers.join(', ') },
  { id: 'created', label: 'Created', render: (p) => formatDate(p.createdAt) },
]

/** promotion/ (issue 13): search by account_id, promotion_id, note_id or free text; 10 a page; show/hide test. */
export function PromotionsScreen() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const page = Number(params.get('page') ?? '1') || 1
  const showTest = params.get('showTest') === 'true'
  const query: PromotionSearch = {
    q: q || undefined,
    page,
    showTest,
    account_id: params.get('account_id') ?? undefined,
    promotion_id: params.get('promotion_id') ?? undefined,
    note_id: params.get('note_id') ?? undefined,
  }
  const result = useQuery({ queryKey: staffKeys.promotions(query), queryFn: () => searchPromotions(query), placeholderData: keepPreviousData })
  const [text, setText] = useState(q)

  function search(event: FormEvent) {
    event.preventDefault()
    const next = new URLSearchParams()
    if (text.trim()) next.set('q', text.trim())
    if (showTest) next.set('showTest', 'true')
    setParams(next)
  }
  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(changes))
      if (v === null) next.delete(k)
      else next.set(k, v)
    setParams(next)
  }
  const pages = result.data ? Math.max(1, Math.ceil(result.data.total / result.data.pageSize)) : 1

  return (
    <StaffLayout title="Promotions">
      <h1>Promotions</h1>
      <form className="inline" role="search" onSubmit={search}>
        <label>
          Search
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Name, applicant, organisation, e-mail, permit number"
            size={50}
          />
        </label>
        <NativeButton type="submit">Search</NativeButton>
        <label className="check">
          <input type="checkbox" checked={showTest} onChange={(e) => go({ showTest: e.target.checked ? 'true' : null, page: null })} /> Show test promotions
        </label>
      </form>
      {result.data && (
        <>
          <p aria-live="polite">{result.data.total.toLocaleString('en-AU')} found</p>
          <SortableTable
            label="Promotions"
            columns={COLUMNS}
            rows={result.data.promotions}
            rowKey={(p) => p.id}
            empty="No promotion matches."
            scrollable
            stacked
          />
          <Pager page={page - 1} pageCount={pages} onPageChange={(next) => go({ page: String(next + 1) })} />
        </>
      )}
    </StaffLayout>
  )
}
