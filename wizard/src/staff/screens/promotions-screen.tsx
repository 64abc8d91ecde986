import type { AdminPromotionRow } from '@permitdesk/shared'
import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api } from '../../lib/api-client'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'
import { useLoad } from '../use-load'

type Page = { promotions: AdminPromotionRow[]; total: number; page: number; pageSize: number }

/** promotion/ (issue 13): search by account_id, promotion_id, note_id or free text; 10 a page; show/hide test. */
export function PromotionsScreen() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const page = Number(params.get('page') ?? '1') || 1
  const showTest = params.get('showTest') === 'true'
  const query = { q: q || undefined, page, showTest, account_id: params.get('account_id') ?? undefined, promotion_id: params.get('promotion_id') ?? undefined, note_id: params.get('note_id') ?? undefined }
  const result = useLoad(() => api.get<Page>('/api/admin/getPromotions', { query }), [JSON.stringify(query)])
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
    for (const [k, v] of Object.entries(changes)) if (v === null) next.delete(k); else next.set(k, v)
    setParams(next)
  }
  const pages = result.data ? Math.max(1, Math.ceil(result.data.total / result.data.pageSize)) : 1

  return (
    <StaffLayout title="Promotions">
      <h1>Promotions</h1>
      <form className="inline" role="search" onSubmit={search}>
        <label>
          Search
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Name, applicant, organisation, e-mail, permit number" size={50} />
        </label>
        <button type="submit">Search</button>
        <label className="check">
          <input type="checkbox" checked={showTest} onChange={(e) => go({ showTest: e.target.checked ? 'true' : null, page: null })} /> Show test promotions
        </label>
      </form>
      {result.data && (
        <>
          <p>{result.data.total} found</p>
          <table>
            <thead>
              <tr>
                <th>Id</th>
                <th>Name</th>
                <th>Status</th>
                <th>Account</th>
                <th>Organisation</th>
                <th>Permit numbers</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {result.data.promotions.map((p) => (
                <tr key={p.id}>
                  <td>{p.id}</td>
                  <td>
                    <Link to={staffPaths.detail(p.id)}>{p.name || '(no name)'}</Link>
                    {p.isTest && ' (test)'}
                    {p.deleted && ' (deleted)'}
                  </td>
                  <td>{p.statusName}</td>
                  <td>
                    <Link to={`${staffPaths.promotions}?account_id=${p.accountId}`}>{p.accountName}</Link>
                    <br />
                    {p.email}
                  </td>
                  <td>{p.organisation}</td>
                  <td>{p.permitNumbers.join(', ')}</td>
                  <td>{new Date(p.createdAt).toLocaleDateString('en-AU')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav aria-label="Pages" className="staff-actions">
            <button type="button" disabled={page <= 1} onClick={() => go({ page: String(page - 1) })}>
              Previous
            </button>
            <span>
              Page {page} of {pages}
            </span>
            <button type="button" disabled={page >= pages} onClick={() => go({ page: String(page + 1) })}>
              Next
            </button>
          </nav>
        </>
      )}
    </StaffLayout>
  )
}
