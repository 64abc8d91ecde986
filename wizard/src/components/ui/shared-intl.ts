/**
 * One `Intl.DisplayNames` per locale and options for all the date fields (issue 25, permit editor
 * speed). react-aria's date segments each build their own (`useDisplayNames`, for the segments'
 * accessible names such as "day"), and building one costs several milliseconds on a phone: the
 * editor's first step has five fields of three or four segments. react-aria has no option to pass
 * one in, so `Intl.DisplayNames` itself answers a repeated construction with the object it built
 * before. That is safe because a DisplayNames object is immutable: `of()` depends only on the
 * locale and options it was made with. Installed by the date fields' module before any of them
 * renders; a construction that fails (an engine without the `dateTimeField` type) still throws, so
 * react-aria still falls back to its own strings.
 */
type DisplayNamesConstructor = typeof Intl.DisplayNames

const installed = Symbol.for('permitdesk.sharedDisplayNames')

/** Replaces `Intl.DisplayNames` with a constructor that shares its instances (once; later calls do nothing). */
export function shareDisplayNames(intl: typeof Intl = Intl): void {
  const Native = intl.DisplayNames as DisplayNamesConstructor & { [installed]?: true }
  if (typeof Native !== 'function' || Native[installed]) return
  const cache = new Map<string, Intl.DisplayNames>()
  const Shared = function DisplayNames(this: unknown, locales: string | string[] | undefined, options: Intl.DisplayNamesOptions) {
    if (!new.target) throw new TypeError("Constructor Intl.DisplayNames requires 'new'")
    // Only plain string locales make a reliable key (an Intl.Locale object would print as {}).
    const keyable = locales === undefined || typeof locales === 'string' || (Array.isArray(locales) && locales.every((l) => typeof l === 'string'))
    if (!keyable) return new Native(locales, options)
    const key = JSON.stringify([locales ?? null, options ?? null])
    let shared = cache.get(key)
    if (!shared) {
      shared = new Native(locales, options)
      cache.set(key, shared)
    }
    return shared
  } as unknown as DisplayNamesConstructor & { [installed]?: true }
  Shared.prototype = Native.prototype
  Object.defineProperty(Shared, 'supportedLocalesOf', { value: Native.supportedLocalesOf.bind(Native), configurable: true, writable: true })
  Object.defineProperty(Shared, installed, { value: true })
  Object.defineProperty(intl, 'DisplayNames', { value: Shared, configurable: true, writable: true })
}
