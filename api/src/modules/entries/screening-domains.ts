import { disposableEmailBlocklistSet } from 'disposable-email-domains-js'

let cached: ReadonlySet<string> | undefined

/**
 * The disposable e-mail domains: the maintained list of the disposable-email-domains project from
 * the registry (disposable-email-domains-js), never one typed here. Read once per process.
 */
export function disposableDomains(): ReadonlySet<string> {
  cached ??= disposableEmailBlocklistSet()
  return cached
}
