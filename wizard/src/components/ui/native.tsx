/**
 * The design system's plain controls (issue 17, first load): a native <button>, a router link that
 * looks like a button, and a labelled text input, with the same look as their react-aria
 * counterparts (ui.css). The browser already gives these their keyboard, focus and screen-reader
 * behaviour, so screens whose first render matters (My Promotions) use them and load no
 * react-aria at all; react-aria stays for what the browser lacks: dialogs, menus, pickers,
 * comboboxes and grouped choices.
 */
import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router'
import { buttonClass, type ButtonVariant } from './button-class'

type NativeButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & { variant?: ButtonVariant; className?: string }

export function NativeButton({ variant = 'primary', className, type = 'button', ...props }: NativeButtonProps) {
  return <button {...props} type={type} className={buttonClass(variant, className)} />
}

type NativeLinkButtonProps = Omit<LinkProps, 'className'> & { variant?: ButtonVariant; className?: string }

/** Navigation that looks like a button (a link, so it opens in a new tab too). */
export function NativeLinkButton({ variant = 'primary', className, ...props }: NativeLinkButtonProps) {
  return <Link {...props} className={buttonClass(variant, className)} />
}

type NativeTextFieldProps = {
  label: ReactNode
  value: string
  onChange: (value: string) => void
  type?: 'text' | 'search'
  placeholder?: string
  description?: ReactNode
}

/** A labelled single-line input (label and description tied to it by id). */
export function NativeTextField({ label, value, onChange, type = 'text', placeholder, description }: NativeTextFieldProps) {
  const id = useId()
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="ui-input"
        type={type}
        value={value}
        placeholder={placeholder}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {description ? (
        <span id={`${id}-description`} className="ui-field__description">
          {description}
        </span>
      ) : null}
    </div>
  )
}
