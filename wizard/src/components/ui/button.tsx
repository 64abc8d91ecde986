import { Button as AriaButton, Link as AriaLink, type ButtonProps as AriaButtonProps, type LinkProps as AriaLinkProps } from 'react-aria-components'

import { buttonClass as classOf, type ButtonVariant } from './button-class'

export type { ButtonVariant }

type ButtonProps = Omit<AriaButtonProps, 'className'> & { variant?: ButtonVariant; className?: string }

/** A button (react-aria: press events, keyboard, focus ring); `isPending` shows it busy. */
export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return <AriaButton {...props} type={type} className={classOf(variant, className)} />
}

type LinkButtonProps = Omit<AriaLinkProps, 'className'> & { variant?: ButtonVariant; className?: string }

/** A link that looks like a button (navigation, not an action). */
export function LinkButton({ variant = 'primary', className, ...props }: LinkButtonProps) {
  return <AriaLink {...props} className={classOf(variant, className)} />
}
