/** The promotions screens' settings and paths live in config/ (shared with the other features). */
export { NT_APPLICATION_FORM_URL, PRODUCT_NAME, SUPPORT_EMAIL } from '../../config/settings'
export { promotionPaths } from '../../config/paths'
