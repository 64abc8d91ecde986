import { Route, Routes } from 'react-router'
import { NotFound } from '../components/not-found'
import { AriaProviders } from '../components/aria-providers'
import { RequireAuth } from '../components/require-auth'
import { ActionCreateScreen, ActionScreen } from './screens/action-screen'
import { AttachmentsScreen } from './screens/attachments-screen'
import { ChangelogScreen } from './screens/changelog-screen'
import { ContactScreen } from './screens/contact-screen'
import { DetailScreen } from './screens/detail-screen'
import { InvoiceCreateScreen, InvoiceDetailScreen, InvoicesScreen } from './screens/invoices-screen'
import { OutstandingScreen } from './screens/outstanding-screen'
import { PermitNumbersScreen } from './screens/permit-numbers-screen'
import { PromotionsScreen } from './screens/promotions-screen'
import { ResourcesScreen } from './screens/resources-screen'
import { RuleSetsScreen } from './screens/rule-sets-screen'
import { ChargeCardScreen } from './screens/charge-card-screen'
import { StatisticsScreen } from './screens/statistics-screen'
import { TasksScreen } from './screens/tasks-screen'
import { UsersScreen } from './screens/users-screen'
import './staff.css'

/**
 * The staff console (000 §2 staff area, issue 13), lazy-loaded under STAFF_PATH. Staff sign in
 * through the same login; customers and marketing users are sent away (RequireAuth staff), and
 * every call behind these screens is guarded by the API as well.
 */
export function Component() {
  return (
    <RequireAuth staff>
      <AriaProviders>
        <Routes>
          <Route index element={<TasksScreen />} />
          <Route path="promotion/" element={<PromotionsScreen />} />
          <Route path="detail/:id/" element={<DetailScreen />} />
          <Route path="changelog/:id/" element={<ChangelogScreen />} />
          <Route path="action/:id/" element={<ActionScreen />} />
          <Route path="action/:id/create/" element={<ActionCreateScreen />} />
          <Route path="permitnumbers/:id/" element={<PermitNumbersScreen />} />
          <Route path="attachments/:id/" element={<AttachmentsScreen />} />
          <Route path="invoice/:id/" element={<InvoicesScreen />} />
          <Route path="invoice/:id/create/" element={<InvoiceCreateScreen />} />
          <Route path="invoice/:id/detail/" element={<InvoiceDetailScreen />} />
          <Route path="outstanding/" element={<OutstandingScreen />} />
          <Route path="contact/" element={<ContactScreen />} />
          <Route path="user/" element={<UsersScreen />} />
          <Route path="statistics/" element={<StatisticsScreen />} />
          <Route path="resources/" element={<ResourcesScreen />} />
          <Route path="chargecard/" element={<ChargeCardScreen />} />
          <Route path="rules/" element={<RuleSetsScreen />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </AriaProviders>
    </RequireAuth>
  )
}
