/** Settings of the promotions screens. The product name and support address come from the site settings in production builds. */
export const PRODUCT_NAME = 'PermitDesk'
export const SUPPORT_EMAIL = 'support@permitdesk.com.au'
/** 001 §7 "the NT application PDF (path not shown)": served by the static site. */
export const NT_APPLICATION_FORM_URL = '/downloads/nt-trade-promotion-lottery-application.pdf'

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
