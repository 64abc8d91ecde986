import { displayPrizeValue, formatAusStates, formatDate, promotionTitle, statusColour } from '@permitdesk/shared'
import { useCallback, useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { AppLayout } from '../../../components/layouts/app-layout'
import { archivePromotion, deletePromotion, listPromotions, type ListParams, type PromotionListItem, type SortColumn } from '../api/promotions'
import { promotionPaths } from '../config'
import { PromotionListFaqs } from './promotion-list-faqs'

const COLUMNS: { key: SortColumn; label: string }[] = [
  { key: 'name', label: 'Promotion' },
  { key: 'status', label: 'Status' },
  { key: 'totalPrizeValue', label: 'Prize value' },
  { key: 'date', label: 'Date created' },
]
const PAGE_SIZE = 10

/**
 * /promotions/ and /promotions/archive/ (001 §2): a sortable table (default date descending; the
 * same column toggles the direction, a new column sorts ascending), row click opens the
 * dashboard, status colours, paging and a search box; archive, un-archive and delete.
 */
export function MyPromotionsScreen({ archived }: { archived: boolean }) {
  const navigate = useNavigate()
  const [params, setParams] = useState<ListParams>({ archived, sort: 'date', direction: 'desc', after: 0, count: PAGE_SIZE, search: '' })
  const [data, setData] = useState<{ promotions: PromotionListItem[]; promotionCount: number | null } | null>(null)
  const [message, setMessage] = useState('')
  const [searchText, setSearchText] = useState('')

  const load = useCallback(() => {
    listPromotions(params).then(setData, (e: Error) => setMessage(e.message))
  }, [params])
  useEffect(load, [load])
  useEffect(() => setParams((p) => ({ ...p, archived, after: 0 })), [archived])

  const sortBy = (key: SortColumn) =>
    setParams((p) => ({ ...p, sort: key, direction: p.sort === key ? (p.direction === 'asc' ? 'desc' : 'asc') : 'asc', after: 0 }))

  async function act(action: () => Promise<unknown>, done: string) {
    try {
      await action()
      setMessage(done)
      load()
    } catch (e) {
      setMessage((e as Error).message)
    }
  }

  const total = data?.promotionCount ?? 0
  const title = archived ? 'Archived promotions' : 'My Promotions'
  return (
    <AppLayout title={title}>
      <h1>{title}</h1>
      <div className="toolbar">
        <Link className="button primary" to={promotionPaths.gameOfChance}>Create a promotion</Link>
        <Link to={archived ? promotionPaths.list : promotionPaths.archive}>{archived ? 'Back to My Promotions' : 'Archived promotions'}</Link>
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault()
            setParams((p) => ({ ...p, search: searchText.trim(), after: 0 }))
          }}
        >
          <label htmlFor="promotion-search">Search promotions</label>
          <input id="promotion-search" type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} placeholder="Name or number" />
          <button type="submit">Search</button>
        </form>
      </div>
      <p role="status" aria-live="polite">{message}</p>
      <table className="promotions-table">
        <caption className="visually-hidden">{title}, sorted by {COLUMNS.find((c) => c.key === params.sort)?.label} {params.direction === 'asc' ? 'ascending' : 'descending'}</caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" aria-sort={params.sort === c.key ? (params.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
                <button type="button" className="sort" onClick={() => sortBy(c.key)}>
                  {c.label}
                  {params.sort === c.key ? (params.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                </button>
              </th>
            ))}
            <th scope="col">States</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {data?.promotions.length === 0 && (
            <tr>
              <td colSpan={6}>{archived ? 'No archived promotions.' : 'No promotions yet.'}</td>
            </tr>
          )}
          {data?.promotions.map((p) => (
            <tr key={p.id} className="clickable" onClick={() => navigate(promotionPaths.dashboard(p.id))}>
              <td>
                <Link to={promotionPaths.dashboard(p.id)} onClick={(e) => e.stopPropagation()}>{promotionTitle(p.name)}</Link>
              </td>
              <td>
                <span className={`status status-${statusColour(p.permitStatus.id)}`}>{p.permitStatus.name}</span>
              </td>
              <td>{displayPrizeValue(p)}</td>
              <td>{formatDate(p.createdAt)}</td>
              <td>{formatAusStates(p.ausStates, { includeNz: p.includeNz })}</td>
              <td onClick={(e) => e.stopPropagation()}>
                <button type="button" className="link" onClick={() => void act(() => archivePromotion(p.id, !archived), archived ? 'Promotion restored to My Promotions.' : 'Promotion archived.')} aria-label={`${archived ? 'Unarchive' : 'Archive'} ${promotionTitle(p.name)}`}>
                  {archived ? 'Unarchive' : 'Archive'}
                </button>{' '}
                <button
                  type="button"
                  className="link danger"
                  aria-label={`Delete ${promotionTitle(p.name)}`}
                  onClick={() => {
                    if (window.confirm(`Delete "${promotionTitle(p.name)}"? Contact us if you need it back.`)) void act(() => deletePromotion(p.id), 'Promotion deleted.')
                  }}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > PAGE_SIZE && (
        <nav className="pager" aria-label="Pages">
          <button type="button" disabled={params.after === 0} onClick={() => setParams((p) => ({ ...p, after: Math.max(0, p.after - PAGE_SIZE) }))}>Previous</button>
          <span>
            {params.after + 1}–{Math.min(params.after + PAGE_SIZE, total)} of {total}
          </span>
          <button type="button" disabled={params.after + PAGE_SIZE >= total} onClick={() => setParams((p) => ({ ...p, after: p.after + PAGE_SIZE }))}>Next</button>
        </nav>
      )}
      {!archived && <PromotionListFaqs />}
    </AppLayout>
  )
}
