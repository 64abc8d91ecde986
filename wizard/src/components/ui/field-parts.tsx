import type { ReactNode } from 'react'
import { FieldError, Text } from 'react-aria-components'

/**
 * A field's description and error lines (react-aria wires aria-describedby to both). `announce`
 * also makes the error an alert, read out when it appears (forms validated on submit).
 */
export function FieldHelp({ description, errorMessage, announce = false }: { description?: ReactNode; errorMessage?: string; announce?: boolean }) {
  return (
    <>
      {description ? (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="ui-field__error">{announce && errorMessage ? <span role="alert">{errorMessage}</span> : errorMessage}</FieldError>
    </>
  )
}
