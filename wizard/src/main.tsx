import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import '@permitdesk/shared/tokens.css'
import './components/ui/ui.css'
import './styles.css'
import { createAppRouter } from './app/router'
import { DownloadNotice } from './components/download-notice'
import { Notifications } from './components/notifications'
import { SessionProvider } from './components/session-provider'
import { queryClient } from './lib/query-client'
import { makeZodJitless } from './lib/zod-jitless'

makeZodJitless()

const root = createRoot(document.getElementById('root')!)

// Issue 25 (blocking time on a phone): evaluating the entry's modules (React DOM above all) is one
// long task; starting the router (location, route matching, the first screen's chunk) and asking
// for the first render in the same task made it longer. A task of its own: two shorter ones.
setTimeout(() => {
  const router = createAppRouter()
  root.render(
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
}, 0)
