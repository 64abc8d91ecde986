import type { ReactNode } from 'react'
import { FieldError, Text } from 'react-aria-components'

/** A field's description and error lines (react-aria wires aria-describedby to both). */
export function FieldHelp({ description, errorMessage }: { description?: ReactNode; errorMessage?: string }) {
  return (
    <>
      {description ? <Text slot="description" className="ui-field__description">{description}</Text> : null}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </>
  )
}
