/**
 * The one definition of how the CMS asks the api process for a site rebuild (issue 31). Payload
 * runs inside the api's process (the gateway hosts Next), but Next's bundle holds its own copy of
 * every CMS module, so the hooks and the api (api/src/jobs/site-rebuild.ts) meet at a
 * process-wide `Symbol.for` key rather than at a module variable. This file imports nothing, so
 * both sides can import it.
 */
const BRIDGE = Symbol.for('permitdesk.requestSiteRebuild')

export type SiteRebuildRequest = (reason: string) => Promise<unknown> | unknown
type Holder = Record<symbol, SiteRebuildRequest | undefined>

/** Called by the api once its job queue runs; answers the uninstall. */
export function installSiteRebuildBridge(request: SiteRebuildRequest): () => void {
  ;(globalThis as Holder)[BRIDGE] = request
  return () => {
    if ((globalThis as Holder)[BRIDGE] === request) delete (globalThis as Holder)[BRIDGE]
  }
}

/** The api's request function, or undefined in a plain script (prepare, seed), where nothing is rebuilt. */
export function siteRebuildBridge(): SiteRebuildRequest | undefined {
  return (globalThis as Holder)[BRIDGE]
}
