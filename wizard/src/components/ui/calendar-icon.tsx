/** The date picker's calendar icon; no react-aria, so a field's stand-in drawn before the picker's code can show it too. */
export function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
      <rect x="2" y="4" width="16" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M2 8h16M6 2v4M14 2v4" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  )
}
