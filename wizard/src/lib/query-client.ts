/**
 * The app's one TanStack Query client. Queries call the one request function (api-client.ts),
 * which speaks the API's error model ({ message, modelState, code }) and sends a 401 to the login
 * screen with the return address. Client errors (4xx) are not retried: asking again will not
 * change the answer; network failures and 5xx are retried twice.
 */
import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
    mutations: { retry: false },
  },
})

/** Query keys, so a save can invalidate exactly what it changed. */
export const queryKeys = {
  promotions: ['promotions'] as const,
  promotionList: (params: unknown) => ['promotions', 'list', params] as const,
  promotion: (id: number) => ['promotions', 'one', id] as const,
  notes: (promotionId: number) => ['promotions', 'notes', promotionId] as const,
  session: ['session'] as const,
}
