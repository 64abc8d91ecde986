/** Every route of the app in one place (spec 000 section 2, 001 section 2). All end with a slash. */
export const paths = {
  home: '/',
  login: '/account/login/',
  register: '/account/register/',
  forgotPassword: '/account/forgotpassword/',
  resetPassword: (token: string) => `/account/resetpassword/${encodeURIComponent(token)}/`,
  accountEdit: '/account/edit/',
  promotions: '/promotions/',
  archive: '/promotions/archive/',
  wizard: '/wizard/',
} as const

/** The staff console's prefix (STAFF_PATH), written into the page by the server; /admin/ by default. */
export const staffPath: string =
  (typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="permitdesk-staff-path"]')?.content) || '/admin/'
