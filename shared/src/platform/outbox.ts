/**
 * The names two processes' code must agree on to meet at the events outbox (issue 31): the API
 * (api/src/events) and the CMS's publish hooks (cms/src/hooks), which cannot import each other.
 */

/** Every insert into app.outbox_events notifies this channel when its transaction commits (the relay wakes). */
export const OUTBOX_CHANNEL = 'outbox_event'
/** Published CMS content changed: the public site is rebuilt (debounced). Payload: `{ reason }`. */
export const SITE_REBUILD_REQUESTED = 'site.rebuild-requested'
