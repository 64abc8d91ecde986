import { lazy, type ComponentType } from 'react'

/**
 * A react-aria widget whose code, with the react-aria providers it needs (aria-providers.tsx),
 * loads the first time it is drawn: neither is in the entry chunk.
 */
export function lazyWithAriaProviders<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Widget, { AriaProviders }] = await Promise.all([load(), import('./aria-providers')])
    return {
      default: (props: P) => (
        <AriaProviders>
          <Widget {...props} />
        </AriaProviders>
      ),
    }
  })
}
