import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { router } from './app/router'
import { Notifications } from './components/notifications'
import { SessionProvider } from './features/account/components/session-provider'
import './styles.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionProvider>
      <RouterProvider router={router} />
      <Notifications />
    </SessionProvider>
  </StrictMode>,
)
