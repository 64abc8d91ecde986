export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link'

/** The design system's button classes (ui.css), shared by the react-aria and the native buttons. */
export const buttonClass = (variant: ButtonVariant, className?: string) => `ui-button ui-button--${variant}${className ? ` ${className}` : ''}`
