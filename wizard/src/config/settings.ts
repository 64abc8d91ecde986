/** Settings every screen may need. The product name and support address come from the site settings in production builds. */
export const PRODUCT_NAME = 'PermitDesk'
export const SUPPORT_EMAIL = 'support@permitdesk.com.au'
/** 001 §7 "the NT application PDF (path not shown)": served by the static site. */
export const NT_APPLICATION_FORM_URL = '/downloads/nt-trade-promotion-lottery-application.pdf'
