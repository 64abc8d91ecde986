/**
 * The screens the page starts loading before the app runs (issue 17, first load): for a path that
 * matches `pattern` (case-insensitive, like the router), index.html's inline start-up script
 * preloads the screen's chunk with its imports and CSS (from the build, wizard/build/boot-plugin.ts)
 * and starts the screen's first GET requests, so code, session and data download together instead
 * of one after another. `$1` in a data URL is the pattern's first group. The URLs are exactly the
 * ones the screens ask for (checked by boot-routes.test.ts); the session (SESSION_URL) is asked on
 * every app path. Plain data: the Vite config reads it too.
 */
export type BootRoute = {
  pattern: string
  module: string
  data: readonly string[]
  /** false: the screen formats no date, so the script does not load the engine's date data for it (wizard/build/boot-plugin.ts). */
  formatsDates?: false
}

/** Who is signed in (lib/session-api.ts getCurrentUser). */
export const SESSION_URL = '/api/account/current'

/** My Promotions' first page (my-promotions-screen.tsx: date descending, 10 rows, with the total). */
export const promotionListUrl = (archived: boolean) => `/api/promotion/list?after=0&archived=${archived}&count=10&direction=desc&getTotal=true&sort=date`

const MY_PROMOTIONS = 'src/features/promotions/components/my-promotions-screen.tsx'

export const bootRoutes: readonly BootRoute[] = [
  { pattern: '^/promotions/$', module: MY_PROMOTIONS, data: [promotionListUrl(false), '/api/SupportItem/getPromotionListFAQs'] },
  { pattern: '^/promotions/archive/$', module: MY_PROMOTIONS, data: [promotionListUrl(true)] },
  { pattern: '^/promotions/edit/(\\d+)/$', module: 'src/features/promotions/components/promotion-dashboard.tsx', data: ['/api/promotion/get?id=$1'] },
  // Before the permit editor's pattern, which would match it too (issue 25: the payment page used to preload the editor).
  // It shows amounts and statuses, no dates (a skill purchase's fees read today's Sydney date when they are worked out).
  {
    pattern: '^/permit/edit/(\\d+)/payment/$',
    module: 'src/features/payment/payment-screen.tsx',
    data: ['/api/promotion/get?id=$1', '/api/payments/config'],
    formatsDates: false,
  },
  {
    pattern: '^/permit/edit/(\\d+)/',
    module: 'src/features/permit/components/permit-edit-screen.tsx',
    data: ['/api/promotion/get?id=$1', '/api/ComplianceNote/get?promotionId=$1', '/api/SupportItem/getFormFAQs'],
  },
  { pattern: '^/promotions/(game-of-chance|game-of-skill)/$', module: 'src/features/promotions/components/create-promotion-screen.tsx', data: [] },
  { pattern: '^/account/login/$', module: 'src/features/account/components/login-screen.tsx', data: [] },
  { pattern: '^/account/edit/$', module: 'src/features/account/components/account-edit-screen.tsx', data: [] },
]
