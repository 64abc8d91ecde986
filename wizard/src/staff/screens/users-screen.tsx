import { formatDateTime, MSG_FAILED_TO_UPDATE_EMAIL } from '@permitdesk/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { ApiError } from '../../lib/api-client'
import { NativeButton, Pager, SortableTable, type TableColumn } from '../../components/ui'
import { endUserSessions, getEmailChanges, getUsers, staffKeys, updateUserEmail, type EmailChange, type UserRow } from '../api/staff-api'
import { useStaffAction } from '../api/use-staff-action'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'

/** user/ (issue 13): users 20 a page with search; change an e-mail; end sessions; the e-mail changes (updateEmails). */
export function UsersScreen() {
  const [q, setQ] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const list = useQuery({ queryKey: staffKeys.users(search, page), queryFn: () => getUsers(search, page), placeholderData: keepPreviousData })
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
        <NativeButton type="submit">Search</NativeButton>
      </form>
      {list.data && (
        <SortableTable label="Users" columns={USER_COLUMNS} rows={list.data.users} rowKey={(u) => u.id} empty="No user matches." scrollable stacked />
      )}
      <Pager page={page - 1} pageCount={pages} onPageChange={(next) => setPage(next + 1)} label="User pages" />
      <EmailChanges key={list.data ? JSON.stringify(list.data.users.map((u) => u.email)) : ''} />
    </StaffLayout>
  )
}

const kindOf = (u: UserRow) => (u.isStaff ? 'Staff' : u.staffRole === 'marketing' ? 'Marketing' : u.authorisedAgent ? 'Agent' : 'Customer')

const USER_COLUMNS: readonly TableColumn<UserRow>[] = [
  {
    id: 'user',
    label: 'User',
    isRowHeader: true,
    render: (u) => (
      <>
        {u.firstName} {u.lastName} <small>#{u.id}</small>
      </>
    ),
  },
  { id: 'account', label: 'Account', render: (u) => <Link to={`${staffPaths.promotions}?account_id=${u.id}&showTest=true`}>{u.accountName}</Link> },
  { id: 'kind', label: 'Kind', render: kindOf },
  { id: 'email', label: 'E-mail', render: (u) => <EmailForm user={u} /> },
  { id: 'sessions', label: 'Sessions', render: (u) => <EndSessions user={u} /> },
]

function EmailForm({ user: u }: { user: UserRow }) {
  const [email, setEmail] = useState(u.email)
  const [error, setError] = useState<string | undefined>()
  const save = useStaffAction(() => updateUserEmail(u.id, email), {
    done: 'E-mail updated; the user has been told at both addresses.',
    onSuccess: () => setError(undefined),
    onError: (e) => setError(e instanceof ApiError ? (e.messages[0] ?? MSG_FAILED_TO_UPDATE_EMAIL) : MSG_FAILED_TO_UPDATE_EMAIL),
  })
  function submit(event: FormEvent) {
    event.preventDefault()
    save.mutate(undefined)
  }
  return (
    <form className="inline" onSubmit={submit}>
      <label>
        <span className="visually-hidden">E-mail of user {u.id}</span>
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} size={30} />
      </label>
      <NativeButton type="submit" disabled={save.isPending}>
        Update e-mail
      </NativeButton>
      {error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </form>
  )
}

/** Ends every credential (issue 24): sessions, API keys and the calendar feed address. */
function EndSessions({ user: u }: { user: UserRow }) {
  const end = useStaffAction(() => endUserSessions(u.id), {
    done: (r) => `${r.ended} session(s) ended, ${r.apiKeysRevoked} API key(s) revoked${r.calendarFeedReplaced ? ', calendar feed address retired' : ''}.`,
  })
  return (
    <NativeButton variant="secondary" onClick={() => end.mutate(undefined)} disabled={end.isPending}>
      End sessions<span className="visually-hidden"> of user {u.id}</span>
    </NativeButton>
  )
}

const CHANGE_COLUMNS: readonly TableColumn<EmailChange>[] = [
  { id: 'when', label: 'When', isRowHeader: true, render: (c) => formatDateTime(c.at) },
  {
    id: 'user',
    label: 'User',
    render: (c) => (
      <>
        {c.name} <small>#{c.userId}</small> ({c.currentEmail})
      </>
    ),
  },
  { id: 'from', label: 'From', render: (c) => c.from },
  { id: 'to', label: 'To', render: (c) => c.to },
  { id: 'by', label: 'Changed by', render: (c) => c.changedByEmail ?? 'System' },
]

/** updateEmails: every e-mail address change, newest first, found by an old, new or current address. */
function EmailChanges() {
  const [q, setQ] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const list = useQuery({ queryKey: staffKeys.emailChanges(search, page), queryFn: () => getEmailChanges(search, page), placeholderData: keepPreviousData })
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
        <NativeButton type="submit">Find</NativeButton>
      </form>
      {list.data && list.data.changes.length === 0 ? (
        <p>No e-mail changes{search ? ' match' : ' yet'}.</p>
      ) : (
        <SortableTable label="E-mail changes" columns={CHANGE_COLUMNS} rows={list.data?.changes ?? []} rowKey={(c) => c.id} scrollable stacked />
      )}
      <Pager page={page - 1} pageCount={pages} onPageChange={(next) => setPage(next + 1)} label="E-mail change pages" />
    </section>
  )
}
