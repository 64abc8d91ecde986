import { MSG_COPIED } from '@permitdesk/shared'
import { useState } from 'react'
import { NativeButton } from './native'

/**
 * Copies `value` to the clipboard and says so in a polite live region beside the button. One
 * component for every value a customer copies whole: a hash, an embed snippet, a new API key.
 */
export function CopyButton({ value, variant = 'secondary', label }: { value: string; variant?: 'secondary' | 'link'; label?: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <span className="ui-copy">
      <NativeButton
        variant={variant}
        aria-label={label}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true))
        }}
      >
        Copy
      </NativeButton>
      <span role="status">{copied ? MSG_COPIED : ''}</span>
    </span>
  )
}
