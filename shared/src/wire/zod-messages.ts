/**
 * No library default text reaches a person (issue 11): every zod issue that has no message of its
 * own gets one of our sentences instead of zod's English ("Invalid input: expected object, received
 * undefined"). Schemas still give the spec's wording where it has one (`{ error: MSG_... }`): a
 * schema's own message always wins over this map.
 */
import type { z } from 'zod'
import {
  MSG_CHOICE_INVALID,
  MSG_FIELD_INVALID,
  MSG_FIELD_REQUIRED,
  MSG_FIELD_TOO_LONG,
  MSG_FIELD_TOO_SHORT,
  MSG_FORMAT_INVALID,
  MSG_NUMBER_TOO_LARGE,
  MSG_NUMBER_TOO_SMALL,
  MSG_TEXT_REQUIRED,
  MSG_TRUE_OR_FALSE,
  MSG_WHOLE_NUMBER,
} from './messages'

type RawIssue = Parameters<z.core.$ZodErrorMap>[0]

/** Our sentence for an issue without a message of its own. */
export function sharedMessageFor(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return MSG_FIELD_REQUIRED
      if (issue.expected === 'int') return MSG_WHOLE_NUMBER
      if (issue.expected === 'boolean') return MSG_TRUE_OR_FALSE
      if (issue.expected === 'string') return MSG_TEXT_REQUIRED
      if (issue.expected === 'number' || issue.expected === 'bigint') return MSG_WHOLE_NUMBER
      return MSG_FIELD_INVALID
    }
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'date' ? MSG_NUMBER_TOO_LARGE : MSG_FIELD_TOO_LONG
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'date') return MSG_NUMBER_TOO_SMALL
      return (issue as { minimum?: unknown }).minimum === 1 ? MSG_FIELD_REQUIRED : MSG_FIELD_TOO_SHORT
    case 'invalid_format':
      return MSG_FORMAT_INVALID
    case 'invalid_value':
      return MSG_CHOICE_INVALID
    case 'not_multiple_of':
      return MSG_WHOLE_NUMBER
    default:
      return MSG_FIELD_INVALID
  }
}

/**
 * Installed once, when the shared package is imported (the API, the wizard and the site all import
 * it). Through the global zod reads its configuration from (what `z.config` writes), not `z.config`
 * itself: a screen that only formats dates or money then does not download zod (issue 17).
 */
type ZodGlobal = { __zod_globalConfig?: { customError?: z.core.$ZodErrorMap } }
;((globalThis as ZodGlobal).__zod_globalConfig ??= {}).customError = (issue) => sharedMessageFor(issue)

/** Text that only zod's own English would produce; tests scan answers and schemas for it. */
export const ZOD_DEFAULT_TEXT =
  /Invalid input|Invalid option|Invalid (string|number|type|email|uuid|url)|Expected \w+, received|Too (big|small):|Unrecognized key|expected \w+, received/
