import { MSG_FAILED_TO_UPDATE_EMAIL } from '@permitdesk/shared'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { api, ApiError } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'
import { useLoad } from '../use-load'

type EmailChange = { id: number; at: string; userId: number; name: string; currentEmail: string; from: string | null; to: string | null; changedByEmail: string | null }

type UserRow = { id: number; email: string; firstName: string; lastName: string; accountName: string; authorisedAgent: boolean; isStaff: boolean; staffRole: string | null; createdAt: string }

/** user/ (issue 13): users 20 a page with search; change an e-mail; end sessions; the e-mail changes (updateEmails). */
export function UsersScreen() {
  const [q, setQ] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const list = useLoad(() => api.get<{ users: UserRow[]; total: number; pageSize: number }>('/api/admin/getUsers', { query: { q: search || undefined, page } }), [search, page])
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1
  return (
    <StaffLayout title="Users">
      <h1>Users</h1>
      <form
        className="inline"
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setPage(1)
          setSearch(q.trim())
        }}
      >
        <label>
          Search users
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} size={40} />
        </label>
        <button type="submit">Search</button>
      </form>
      <table>
        <thead>
          <tr>
            <th>User</th>
            <th>Account</th>
            <th>Kind</th>
            <th>E-mail</th>
            <th>Sessions</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.users.map((u) => (
            <UserLine key={u.id} user={u} reload={list.reload} />
          ))}
        </tbody>
      </table>
      <nav aria-label="Pages" className="staff-actions">
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <span>
          Page {page} of {pages}
        </span>
        <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </nav>
      <EmailChanges key={list.data ? JSON.stringify(list.data.users.map((u) => u.email)) : ''} />
    </StaffLayout>
  )
}

function UserLine({ user: u, reload }: { user: UserRow; reload: () => Promise<void> }) {
  const [email, setEmail] = useState(u.email)
  const [error, setError] = useState<string | undefined>()
  async function save(event: FormEvent) {
    event.preventDefault()
    try {
      await api.post('/api/admin/updateUserEmail', { userId: u.id, email }, { notify: false })
      setError(undefined)
      notify('E-mail updated; the user has been told at both addresses.', 'info')
      await reload()
    } catch (e) {
      setError(e instanceof ApiError ? e.messages[0] ?? MSG_FAILED_TO_UPDATE_EMAIL : MSG_FAILED_TO_UPDATE_EMAIL)
    }
  }
  return (
    <tr>
      <td>
        {u.firstName} {u.lastName} <small>#{u.id}</small>
      </td>
      <td>
        <Link to={`${staffPaths.promotions}?account_id=${u.id}&showTest=true`}>{u.accountName}</Link>
      </td>
      <td>{u.isStaff ? 'Staff' : u.staffRole === 'marketing' ? 'Marketing' : u.authorisedAgent ? 'Agent' : 'Customer'}</td>
      <td>
        <form className="inline" onSubmit={(e) => void save(e)}>
          <label>
            <span className="visually-hidden">E-mail of user {u.id}</span>
            <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} size={30} />
          </label>
          <button type="submit">Update e-mail</button>
          {error && (
            <span role="alert" className="field-error">
              {error}
            </span>
          )}
        </form>
      </td>
      <td>
        {/* Ends every credential (issue 24): sessions, API keys and the calendar feed address. */}
        <button
          type="button"
          className="secondary"
          onClick={() =>
            void api
              .post<{ ended: number; apiKeysRevoked: number; calendarFeedReplaced: boolean }>('/api/admin/endUserSessions', { userId: u.id })
              .then((r) => notify(`${r.ended} session(s) ended, ${r.apiKeysRevoked} API key(s) revoked${r.calendarFeedReplaced ? ', calendar feed address retired' : ''}.`, 'info'))
          }
        >
          End sessions
        </button>
      </td>
    </tr>
  )
}

/** updateEmails: every e-mail address change, newest first, found by an old, new or current address. */
function EmailChanges() {
  const [q, setQ] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const list = useLoad(() => api.get<{ changes: EmailChange[]; total: number; pageSize: number }>('/api/admin/updateEmails', { query: { q: search || undefined, page } }), [search, page])
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1
  return (
    <section aria-labelledby="email-changes">
      <h2 id="email-changes">E-mail changes</h2>
      <form
        className="inline"
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setPage(1)
          setSearch(q.trim())
        }}
      >
        <label>
          Find by an old or new address
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} size={40} />
        </label>
        <button type="submit">Find</button>
      </form>
      {list.data && list.data.changes.length === 0 ? (
        <p>No e-mail changes{search ? ' match' : ' yet'}.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>When</th>
              <th>User</th>
              <th>From</th>
              <th>To</th>
              <th>Changed by</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.changes.map((c) => (
              <tr key={c.id}>
                <td>{new Date(c.at).toLocaleString('en-AU')}</td>
                <td>
                  {c.name} <small>#{c.userId}</small> ({c.currentEmail})
                </td>
                <td>{c.from}</td>
                <td>{c.to}</td>
                <td>{c.changedByEmail ?? 'System'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav aria-label="E-mail change pages" className="staff-actions">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  )
}
