import { describe, expect, it } from 'vitest'
import { launchSandboxed } from './chromium-sandbox'

/** A launcher that records its arguments, failing the first `failures` launches. */
function launcher(failures = 0) {
  const calls: string[][] = []
  const launch = async (args: string[]) => {
    calls.push(args)
    if (calls.length <= failures) throw new Error('No usable sandbox! Update your kernel\nmore detail')
    return { browser: calls.length }
  }
  const logged: string[] = []
  const log = { info: (m: string) => void logged.push(`info ${m}`), warn: (m: string) => void logged.push(`warn ${m}`) }
  return { calls, launch, log, logged }
}

describe('launchSandboxed (issue 24)', () => {
  it('uses the sandbox when not root, and says so', async () => {
    const l = launcher()
    const { mode } = await launchSandboxed(l.launch, ['--no-first-run'], { uid: 1000, log: l.log })
    expect(mode).toBe('sandbox')
    expect(l.calls).toEqual([['--no-first-run']])
    expect(l.logged).toEqual(['info PDF printing: Chromium runs in its sandbox'])
  })

  it('falls back without the sandbox when the kernel refuses it, with a warning', async () => {
    const l = launcher(1)
    const { mode, browser } = await launchSandboxed(l.launch, ['--no-first-run'], { uid: 1000, log: l.log })
    expect(mode).toBe('no-sandbox: the sandbox could not start')
    expect(browser).toEqual({ browser: 2 })
    expect(l.calls).toEqual([['--no-first-run'], ['--no-sandbox', '--no-first-run']])
    expect(l.logged).toHaveLength(1)
    expect(l.logged[0]).toMatch(/^warn .*could not start/)
  })

  it('as root goes straight to --no-sandbox (Chromium refuses its sandbox as root)', async () => {
    const l = launcher()
    const { mode } = await launchSandboxed(l.launch, ['--no-first-run'], { uid: 0, log: l.log })
    expect(mode).toBe('no-sandbox: running as root')
    expect(l.calls).toEqual([['--no-sandbox', '--no-first-run']])
    expect(l.logged[0]).toMatch(/running as root|runs as root/)
  })

  it('does not retry a launch that fails for another reason forever: one fallback, its error surfaces', async () => {
    const l = launcher(2)
    await expect(launchSandboxed(l.launch, [], { uid: 1000 })).rejects.toThrow(/No usable sandbox/)
    expect(l.calls).toHaveLength(2)
  })
})
