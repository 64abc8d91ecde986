import { Route, Routes } from 'react-router'
import { NotFound } from '../components/not-found'
import { RequireAuth } from '../components/require-auth'
import { useSession } from '../lib/session'
import { ResourcesScreen } from './screens/resources-screen'
import { StaffLayout } from './staff-layout'

/** The console's landing until the task list lands (issue 13). */
function StaffLanding() {
  const { user } = useSession()
  return (
    <StaffLayout title="Staff console">
      <h1>Staff console</h1>
      <p>
        Signed in as {user?.firstName} {user?.lastName} ({user?.email}).
      </p>
      <p>
        Site and help content: <a href="/cms/">content management</a>.
      </p>
    </StaffLayout>
  )
}

/**
 * The staff console (000 §2 staff area), lazy-loaded under STAFF_PATH: customers never download
 * it. Staff sign in through the same login; customers are sent away (RequireAuth staff), and
 * every call behind these screens is guarded by the API as well.
 */
export function Component() {
  return (
    <RequireAuth staff>
      <Routes>
        <Route index element={<StaffLanding />} />
        <Route path="resources/" element={<ResourcesScreen />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </RequireAuth>
  )
}
