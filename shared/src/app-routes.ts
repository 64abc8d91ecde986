/**
 * The routes the wizard app renders (spec 000 section 2, 001 section 2). The gateway serves the
 * app's index.html for these and the site's 404 page for anything else, so an unknown path gets a
 * real 404 status whichever part would have owned it.
 */
export const APP_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/account\/(login|register|forgotpassword|edit|changepassword)\/$/,
  /^\/account\/resetpassword\/[^/]+\/$/,
  /^\/wizard\/$/,
  /^\/promotions\/$/,
  /^\/promotions\/(archive|create|game-of-chance|game-of-skill)\/$/,
  /^\/promotions\/(edit|modify|modifyskillsbased)\/\d+\/$/,
  /^\/promotions\/draw\/\d+\/$/,
  /^\/permit\/edit\/\d+\/([a-z]+\/)?$/,
  /^\/rules\/$/,
]

/** Staff console routes live under the configurable STAFF_PATH prefix (default /admin/). */
export function isAppRoute(pathname: string, staffPath = '/admin/'): boolean {
  if (pathname === staffPath || pathname.startsWith(staffPath)) return pathname.endsWith('/')
  return APP_ROUTE_PATTERNS.some((pattern) => pattern.test(pathname))
}
