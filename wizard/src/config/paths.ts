/** Every route of the app in one place (spec 000 section 2, 001 section 2). All end with a slash. */
export const paths = {
  home: '/',
  login: '/account/login/',
  register: '/account/register/',
  forgotPassword: '/account/forgotpassword/',
  resetPassword: (token: string) => `/account/resetpassword/${encodeURIComponent(token)}/`,
  accountEdit: '/account/edit/',
  changePassword: '/account/changepassword/',
  /** Built by the payment and API-key work (issues 11 and 12); the shell links to them. */
  invoices: '/account/invoices/',
  apiKeys: '/account/apikeys/',
  promotions: '/promotions/',
  archive: '/promotions/archive/',
  wizard: '/wizard/',
} as const

/** The promotion screens (001 §2). */
export const promotionPaths = {
  list: '/promotions/',
  archive: '/promotions/archive/',
  create: '/promotions/create/',
  gameOfChance: '/promotions/game-of-chance/',
  gameOfSkill: '/promotions/game-of-skill/',
  wizard: '/wizard/',
  dashboard: (id: number) => `/promotions/edit/${id}/`,
  modify: (id: number) => `/promotions/modify/${id}/`,
  modifySkillsBased: (id: number) => `/promotions/modifyskillsbased/${id}/`,
  permitEdit: (id: number) => `/permit/edit/${id}/`,
} as const

/** The staff console's prefix (STAFF_PATH), written into the page by the server; /admin/ by default. */
export const staffPath: string =
  (typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="permitdesk-staff-path"]')?.content) || '/admin/'

