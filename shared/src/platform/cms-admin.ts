import { z } from 'zod'

/**
 * The CMS admin (Payload on Next) of a first start is built behind the rest of the product
 * (issue 29): its state as `/api/health` lists it, and the words of the page `/cms/` shows
 * meanwhile.
 */
export const CmsAdminStateSchema = z.enum(['building', 'ready', 'failed'])
export type CmsAdminState = z.infer<typeof CmsAdminStateSchema>

/** The steps of the admin's build, in order, as the preparing page names them. */
export const CMS_BUILD_STEPS = [
  { key: 'waiting', label: 'Waiting for another server that is building it' },
  { key: 'importmap', label: 'Listing the admin components' },
  { key: 'compiling', label: 'Compiling the admin' },
  { key: 'checking', label: 'Checking the code' },
  { key: 'pages', label: 'Generating the admin pages' },
  { key: 'finishing', label: 'Finishing the build' },
  { key: 'starting', label: 'Starting the admin' },
] as const
export type CmsBuildStep = (typeof CMS_BUILD_STEPS)[number]['key']

/** Heading and title of the page `/cms/` answers while the admin is built. */
export const MSG_CMS_PREPARING = 'The content admin is being prepared'
/** Under the heading: what is happening and what works meanwhile. */
export const MSG_CMS_PREPARING_DETAIL =
  'This is the first start of this version, so the content admin is being built. It takes a minute or two. This page updates itself and opens the admin when it is ready.'
/** Where to go meanwhile (the links follow it). */
export const MSG_CMS_PREPARING_MEANWHILE = 'The public site and the app are already working:'
/** For a visitor without scripts: the page does not update itself. */
export const MSG_CMS_PREPARING_REFRESH = 'Refresh this page to see the progress.'
/** The progress line (a live region: it changes only with the step; the bar shows how far). */
export const msgCmsBuildProgress = (step: number, steps: number, label: string): string => `Step ${step} of ${steps}: ${label}.`
/** The label of the progress bar. */
export const LABEL_CMS_BUILD_PROGRESS = 'Build progress'
/** An API call (`/cms-api/...`) or an asset (`/_next/...`) while the admin is built: a 503 with Retry-After. */
export const MSG_CMS_PREPARING_RETRY = 'The content admin is being prepared. Please try again in a few seconds.'
/** The build failed: the rest of the product keeps working; a restart tries again. */
export const MSG_CMS_BUILD_FAILED = 'The content admin could not be prepared'
export const MSG_CMS_BUILD_FAILED_DETAIL = 'The server log says what went wrong; restart the server to try again.'
/** The links under MSG_CMS_PREPARING_MEANWHILE. */
export const LABEL_CMS_PREPARING_SITE_LINK = 'The public site'
export const LABEL_CMS_PREPARING_APP_LINK = 'The app (sign in)'
