/**
 * Chromium's own sandbox for PDF printing (issue 24): documents are our HTML, but a renderer bug
 * should still meet the sandbox. Chromium refuses its sandbox when run as root, and it needs user
 * namespaces (or a setuid helper) from the kernel; so: as root, `--no-sandbox`; otherwise try the
 * sandbox and fall back to `--no-sandbox` only when the launch fails. Either way one log line says
 * which. The Docker image runs as the `node` user, so it gets the sandbox where the host allows
 * user namespaces (docs/security.md).
 */
export type SandboxMode = 'sandbox' | 'no-sandbox: running as root' | 'no-sandbox: the sandbox could not start'

type Log = { info: (message: string, fields?: Record<string, unknown>) => void; warn: (message: string, fields?: Record<string, unknown>) => void }

export async function launchSandboxed<B>(
  launch: (args: string[]) => Promise<B>,
  args: string[],
  { uid, log }: { uid: number | undefined; log?: Log },
): Promise<{ browser: B; mode: SandboxMode }> {
  if (uid === 0) {
    log?.info('PDF printing: Chromium runs without its sandbox (the server runs as root; run it as another user to sandbox it)')
    return { browser: await launch(['--no-sandbox', ...args]), mode: 'no-sandbox: running as root' }
  }
  try {
    const browser = await launch(args)
    log?.info('PDF printing: Chromium runs in its sandbox')
    return { browser, mode: 'sandbox' }
  } catch (error) {
    log?.warn('PDF printing: the Chromium sandbox could not start (no user namespaces here?); running without it', {
      error: error instanceof Error ? error.message.split('\n')[0] : String(error),
    })
    return { browser: await launch(['--no-sandbox', ...args]), mode: 'no-sandbox: the sandbox could not start' }
  }
}
