/** The drawn box of a checkbox, ticked when selected: shared by react-aria's Checkbox (choice.tsx) and the permit editor's native one, so it imports no react-aria. */
export const CheckBox = ({ selected }: { selected: boolean }) => (
  <span aria-hidden="true" className="ui-check__box">
    {selected ? (
      <svg viewBox="0 0 18 18" width="14" height="14">
        <polyline points="2 9 7 14 16 4" fill="none" stroke="currentColor" strokeWidth="3" />
      </svg>
    ) : null}
  </span>
)
