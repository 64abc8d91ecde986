/** Reading and writing the wizard's draft by dotted path (the same keys as the API's modelState). */
export type Path = string

export function getIn(value: unknown, path: Path): unknown {
  let current = value
  for (const key of path.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

/** A copy of `value` with `path` set; objects on the way are copied, missing ones created. */
export function setIn<T>(value: T, path: Path, next: unknown): T {
  const [key, ...rest] = path.split('.')
  const source = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>
  const child = rest.length === 0 ? next : setIn(source[key!], rest.join('.'), next)
  if (Array.isArray(source)) {
    const copy = [...source]
    copy[Number(key)] = child
    return copy as T
  }
  return { ...source, [key!]: child } as T
}

/** The element id of a field, from its path. */
export function fieldId(path: Path): string {
  return `field-${path.replace(/\./g, '-')}`
}
