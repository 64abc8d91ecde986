/**
 * zod compiles fast parsers with `new Function` after probing whether eval is allowed; the app's
 * Content-Security-Policy forbids eval, so the probe is reported as a CSP violation (Lighthouse
 * best practices, the browser's issues panel). zod reads its global configuration from this
 * global when it first loads (later: zod only arrives with the screens' chunks), so jitless mode
 * is set here, first thing in main.tsx, without importing zod into the entry chunk.
 */
export function makeZodJitless() {
  // The same object zod and the shared message hook use: set in place, never replaced.
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> }
  ;(holder.__zod_globalConfig ??= {}).jitless = true
}
