/** /account/apikeys/ (issue 25): the account menu's "API keys": list, create and revoke keys. */
import { AppLayout } from '../../../components/layouts/app-layout'
import { ApiKeysSection } from './api-keys-section'

export function ApiKeysScreen() {
  return (
    <AppLayout title="API keys">
      <ApiKeysSection page />
    </AppLayout>
  )
}
