import { useMutation, useQueryClient } from '@tanstack/react-query'
import { notify } from '../../lib/notify'
import { staffKeys } from './staff-api'

/**
 * A staff action (a write): runs the call, says what happened, and refreshes every staff query
 * (a status change shows in the detail, the lists, the changelog and the statistics at once).
 * Errors reach the person through the api client's notifications, or the screen's own `onError`.
 */
export function useStaffAction<V, R = unknown>(
  call: (variables: V) => Promise<R>,
  { done, onSuccess, onError }: { done?: string | ((result: R) => string); onSuccess?: (result: R) => void; onError?: (error: unknown) => void } = {},
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: async (result) => {
      if (done) notify(typeof done === 'function' ? done(result) : done, 'info')
      onSuccess?.(result)
      await client.invalidateQueries({ queryKey: staffKeys.all })
    },
    onError,
  })
}
