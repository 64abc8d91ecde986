/**
 * Every route of the app, from the one route list in shared (spec 000 section 2, 001 section 2;
 * issue 25): the server serves exactly these paths with the app, so a link built here always loads.
 * All end with a slash.
 */
import { APP_ROUTES, appPath } from '@permitdesk/shared/app-routes'

export const paths = {
  home: '/',
  login: APP_ROUTES.login,
  register: APP_ROUTES.register,
  forgotPassword: APP_ROUTES.forgotPassword,
  resetPassword: (token: string) => appPath('resetPassword', { token }),
  accountEdit: APP_ROUTES.accountEdit,
  changePassword: APP_ROUTES.changePassword,
  invoices: APP_ROUTES.invoices,
  apiKeys: APP_ROUTES.apiKeys,
  promotions: APP_ROUTES.promotions,
  archive: APP_ROUTES.archive,
  wizard: APP_ROUTES.wizard,
} as const

/** The API's reference page: served by the API, not the app (so not one of `paths`). */
export const API_DOCS_PATH = '/api/docs/'

/** An uploaded file's download (served by the API, not the app): the stored name, encoded. */
export const uploadDownloadPath = (fileName: string) => `/download/upload/${encodeURIComponent(fileName)}`

/** The promotion screens (001 §2). */
export const promotionPaths = {
  list: APP_ROUTES.promotions,
  archive: APP_ROUTES.archive,
  create: APP_ROUTES.create,
  gameOfChance: APP_ROUTES.gameOfChance,
  gameOfSkill: APP_ROUTES.gameOfSkill,
  wizard: APP_ROUTES.wizard,
  dashboard: (id: number) => appPath('dashboard', { id }),
  modify: (id: number) => appPath('modify', { id }),
  modifySkillsBased: (id: number) => appPath('modifySkillsBased', { id }),
  permitEdit: (id: number) => appPath('permitEdit', { id }),
  draw: (id: number) => appPath('draw', { id }),
  entries: (id: number) => appPath('entries', { id }),
  payment: (id: number) => appPath('payment', { id }),
} as const

/** The staff console's prefix (STAFF_PATH), written into the page by the server; /admin/ by default. */
export const staffPath: string =
  (typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="permitdesk-staff-path"]')?.content) || '/admin/'
