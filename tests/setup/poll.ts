/**
 * The one way a test waits for something the system does in the background (a job, a mail, a
 * NOTIFY): ask again until `probe` answers a value, within a bound, then fail with what it was
 * waiting for. The bound is generous (a loaded machine is slow, not wrong): it stops a wait that
 * would never end; it does not time anything. Never use it to prove that something does NOT
 * happen: wait for a later event that would come after it instead.
 */
export async function pollUntil<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  { timeoutMs = 20_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    const value = await probe()
    if (value !== undefined && value !== null && value !== false) return value as T
    last = value
    if (Date.now() >= deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what} (last answer: ${JSON.stringify(last)})`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
