import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import '@permitdesk/shared/tokens.css'
import './components/ui/ui.css'
import './styles.css'
import { router } from './app/router'
import { DownloadNotice } from './components/download-notice'
import { Notifications } from './components/notifications'
import { SessionProvider } from './components/session-provider'
import { queryClient } from './lib/query-client'
import { makeZodJitless } from './lib/zod-jitless'

makeZodJitless()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
        <Notifications />
        <DownloadNotice />
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
)
