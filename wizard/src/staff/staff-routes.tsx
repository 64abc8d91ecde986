import { AppLayout } from '../components/layouts/app-layout'
import { RequireAuth } from '../components/require-auth'
import { useSession } from '../lib/session'

/**
 * The staff console's landing (000 §2 staff area). Staff sign in through the same login and land
 * here; the console's screens (tasks, outstanding applications, promotion search, invoices,
 * statistics) come with the staff console issue and will hang off this page.
 */
function StaffHome() {
  const { user, signOut } = useSession()
  return (
    <AppLayout title="Staff console">
      <h1>Staff console</h1>
      <p>
        Signed in as {user?.firstName} {user?.lastName} ({user?.email}).
      </p>
      <h2>Available now</h2>
      <ul>
        <li>
          <a href="/cms/">Content management</a>: news, FAQs and support items, reviews, pages and site settings.
        </li>
      </ul>
      <h2>Coming with the staff console</h2>
      <p>The task list, outstanding permit applications, promotion search, invoices, permit numbers, users and statistics.</p>
      <button type="button" className="secondary" onClick={() => void signOut()}>
        Sign out
      </button>
    </AppLayout>
  )
}

export function Component() {
  return (
    <RequireAuth staff>
      <StaffHome />
    </RequireAuth>
  )
}
