/**
 * Settings every screen may need. Fixed at build time: the wizard does not read the CMS site
 * settings, while the API's mails take their product name and support address from them
 * (api/src/mail/templates.ts brandFor). An editor who changes the address there changes it here too.
 */
export const PRODUCT_NAME = 'PermitDesk'
export const SUPPORT_EMAIL = 'support@permitdesk.com.au'
/** 001 §7 "the NT application PDF (path not shown)": served by the static site. */
export const NT_APPLICATION_FORM_URL = '/downloads/nt-trade-promotion-lottery-application.pdf'
