/** The schema of the `ausStates` flags (states.ts), apart so that showing states does not load zod. */
import { z } from 'zod'
import type { AusStates } from './states'

/** Flags for the eight states plus `all` (the national toggle). Missing flags mean false. */
export const AusStatesSchema = z.object({
  act: z.boolean().default(false),
  nsw: z.boolean().default(false),
  sa: z.boolean().default(false),
  vic: z.boolean().default(false),
  nt: z.boolean().default(false),
  wa: z.boolean().default(false),
  qld: z.boolean().default(false),
  tas: z.boolean().default(false),
  all: z.boolean().default(false),
})

// The flags' type lives in states.ts (no zod there); the schema must produce exactly it.
export type AusStatesParsed =
  z.infer<typeof AusStatesSchema> extends AusStates ? (AusStates extends z.infer<typeof AusStatesSchema> ? AusStates : never) : never
