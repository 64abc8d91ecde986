/**
 * Duplicate and fraud screening of a promotion's entries before the draw (issue 27). Pure: the
 * entries come in with their normalised keys (see normalise.ts), address and device hashes and
 * arrival times; the disposable e-mail domains come in as a set (the api loads the maintained
 * list from the registry), so nothing here reads a file or the clock.
 *
 * Built to stream: each check is a small state machine fed rows in the order one index gives
 * them (duplicates: by key; bursts: by address or device, then time), holding only the current
 * group. The api feeds it from PostgreSQL cursors, so a million entries never sit in memory at
 * once; `screenEntries` is the same machines over an array (tests, small promotions).
 */
import { z } from 'zod'
import {
  MSG_FREEZE_DRAW_INVALID,
  MSG_SCREENING_CLAUSE_INVALID,
  MSG_SCREENING_DECISION_INVALID,
  MSG_SCREENING_DECISION_REASON_REQUIRED,
  MSG_SCREENING_KIND_INVALID,
  MSG_SCREENING_PAGE_INVALID,
  MSG_SCREENING_PROMOTION_REQUIRED,
  MSG_SCREENING_TARGET_REQUIRED,
  MSG_SCREENING_TOO_MANY_ENTRIES,
  msgFlagBurst,
  msgFlagDisposable,
  msgFlagDuplicate,
  msgFlagDuplicateOriginal,
} from '../messages'

/** What screening reads of one entry. Keys are null when the entry does not have the field. */
export type ScreeningEntry = {
  /** The entry number within its promotion (arrival order, 1-based). */
  number: number
  emailKey: string | null
  phoneKey: string | null
  namePostcodeKey: string | null
  ipHash: string | null
  deviceHash: string | null
  /** Arrival time, milliseconds since the epoch. */
  at: number
}

export const DUPLICATE_KINDS = ['duplicate-email', 'duplicate-phone', 'duplicate-name-postcode'] as const
export const BURST_KINDS = ['burst-address', 'burst-device'] as const
export const FLAG_KINDS = [...DUPLICATE_KINDS, ...BURST_KINDS, 'disposable-email'] as const
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number]
export type BurstKind = (typeof BURST_KINDS)[number]
export type FlagKind = (typeof FLAG_KINDS)[number]

/**
 * One reason an entry was flagged. `group` names the set of entries flagged together (the kind
 * and the group's first entry number, or the domain), so a decision can be made for the whole
 * group. In a duplicate group the first entry is the `original` (flagged so the group can be shown
 * whole, but a group decision to exclude leaves it in).
 */
export type EntryFlag = {
  kind: FlagKind
  group: string
  /** The group's first entry number. */
  first: number
  size: number
  original?: true
  explanation: string
}

/** A burst: at least `count` entries from one address (or device) within `seconds`. */
export type BurstRule = { count: number; seconds: number }
export const DEFAULT_BURST_RULE: BurstRule = { count: 10, seconds: 60 }

export type ScreeningOptions = { burst?: BurstRule; disposableDomains?: ReadonlySet<string> }

type OnFlag = (entryNumber: number, flag: EntryFlag) => void

export const groupId = (kind: FlagKind, first: number | string) => `${kind}:${first}`

/**
 * Duplicates of one kind: feed rows so that equal keys arrive together, each group in entry
 * number order. A key shared by two or more entries is a group; its first entry is the original.
 */
export class DuplicateScreen {
  private key: string | null = null
  private members: number[] = []

  constructor(
    private readonly kind: DuplicateKind,
    private readonly onFlag: OnFlag,
  ) {}

  push(number: number, key: string | null): void {
    if (key === null || key === '') return
    if (key !== this.key) {
      this.flush()
      this.key = key
    } else if (number <= this.members[this.members.length - 1]!) throw new Error('duplicate screening: a group must arrive in entry number order')
    this.members.push(number)
  }

  finish(): void {
    this.flush()
    this.key = null
  }

  private flush(): void {
    const members = this.members
    this.members = []
    if (members.length < 2) return
    const first = members[0]!
    const group = groupId(this.kind, first)
    const size = members.length
    this.onFlag(first, { kind: this.kind, group, first, size, original: true, explanation: msgFlagDuplicateOriginal(this.kind, size) })
    const explanation = msgFlagDuplicate(this.kind, first)
    for (let i = 1; i < members.length; i++) this.onFlag(members[i]!, { kind: this.kind, group, first, size, explanation })
  }
}

/**
 * Bursts from one address or device: feed rows grouped by the hash, each group in time order
 * (then entry number). An entry is in a burst when some window of `seconds` holding it holds at
 * least `count` entries of its hash; overlapping windows make one burst, flagged as one group.
 */
export class BurstScreen {
  private key: string | null = null
  /** Entries of the current hash within `seconds` of the newest. */
  private window: { number: number; at: number }[] = []
  private windowStart = 0
  /** The current burst's entries (marked, not yet emitted). */
  private burst: { number: number; at: number }[] = []
  /** How many entries of the current hash have arrived; the index of the last marked one. */
  private seen = 0
  private lastMarked = -1

  constructor(
    private readonly kind: BurstKind,
    private readonly rule: BurstRule,
    private readonly onFlag: OnFlag,
  ) {
    if (!(rule.count >= 2) || !(rule.seconds > 0)) throw new Error('burst rule: count >= 2 and seconds > 0')
  }

  push(number: number, key: string | null, at: number): void {
    if (key === null || key === '') return
    if (key !== this.key) {
      this.finish()
      this.key = key
    } else {
      const last = this.window[this.window.length - 1]
      if (last && (at < last.at || (at === last.at && number <= last.number))) throw new Error('burst screening: a group must arrive in time order')
    }
    const span = this.rule.seconds * 1000
    this.window.push({ number, at })
    const index = this.seen++
    // The window keeps the entries less than `seconds` before this one.
    while (this.window[this.windowStart]!.at <= at - span) this.windowStart++
    if (this.windowStart > 1024 && this.windowStart * 2 > this.window.length) {
      this.window = this.window.slice(this.windowStart)
      this.windowStart = 0
    }
    const inWindow = this.window.length - this.windowStart
    if (inWindow < this.rule.count) return
    const firstIndex = index - inWindow + 1
    // A window that does not overlap the last burst starts a new one.
    if (firstIndex > this.lastMarked) this.emit()
    const from = Math.max(firstIndex, this.lastMarked + 1)
    for (let i = from; i <= index; i++) this.burst.push(this.window[this.windowStart + (i - firstIndex)]!)
    this.lastMarked = index
  }

  finish(): void {
    this.emit()
    this.key = null
    this.window = []
    this.windowStart = 0
    this.seen = 0
    this.lastMarked = -1
  }

  private emit(): void {
    const burst = this.burst
    this.burst = []
    if (burst.length === 0) return
    let first = burst[0]!.number
    let last = first
    for (const e of burst) {
      if (e.number < first) first = e.number
      if (e.number > last) last = e.number
    }
    const seconds = Math.max(1, Math.ceil((burst[burst.length - 1]!.at - burst[0]!.at) / 1000))
    const flag: EntryFlag = {
      kind: this.kind,
      group: groupId(this.kind, first),
      first,
      size: burst.length,
      explanation: msgFlagBurst(this.kind, burst.length, seconds, this.rule.count, this.rule.seconds),
    }
    for (const e of burst) this.onFlag(e.number, flag)
  }
}

/** The domain of a normalised e-mail key, or null. */
export function emailDomainOf(emailKey: string | null): string | null {
  if (!emailKey) return null
  const at = emailKey.lastIndexOf('@')
  return at > 0 && at < emailKey.length - 1 ? emailKey.slice(at + 1).toLowerCase() : null
}

/** The listed disposable domain an address's domain is, or is under (mail.mailinator.com), or null. */
export function disposableDomainOf(domain: string | null, disposableDomains: ReadonlySet<string>): string | null {
  if (!domain || disposableDomains.size === 0) return null
  let d = domain
  for (;;) {
    if (disposableDomains.has(d)) return d
    const dot = d.indexOf('.')
    if (dot < 0 || d.indexOf('.', dot + 1) < 0) return null // stop at the registrable domain
    d = d.slice(dot + 1)
  }
}

/** Disposable e-mail: one row at a time, any order. Each domain is one group. */
export class DisposableScreen {
  constructor(
    private readonly disposableDomains: ReadonlySet<string>,
    private readonly onFlag: OnFlag,
  ) {}

  push(number: number, emailKey: string | null): void {
    const domain = disposableDomainOf(emailDomainOf(emailKey), this.disposableDomains)
    if (!domain) return
    // size 1 and first = the entry: the group is the domain, whose size the listing counts.
    this.onFlag(number, {
      kind: 'disposable-email',
      group: groupId('disposable-email', domain),
      first: number,
      size: 1,
      explanation: msgFlagDisposable(domain),
    })
  }
}

const byKeyThenNumber = (key: (e: ScreeningEntry) => string | null) => (a: ScreeningEntry, b: ScreeningEntry) => {
  const ka = key(a) ?? ''
  const kb = key(b) ?? ''
  return ka < kb ? -1 : ka > kb ? 1 : a.number - b.number
}
const byKeyThenTime = (key: (e: ScreeningEntry) => string | null) => (a: ScreeningEntry, b: ScreeningEntry) => {
  const ka = key(a) ?? ''
  const kb = key(b) ?? ''
  return ka < kb ? -1 : ka > kb ? 1 : a.at - b.at || a.number - b.number
}

export const DUPLICATE_KEY: Record<DuplicateKind, (e: ScreeningEntry) => string | null> = {
  'duplicate-email': (e) => e.emailKey,
  'duplicate-phone': (e) => e.phoneKey,
  'duplicate-name-postcode': (e) => e.namePostcodeKey,
}
export const BURST_KEY: Record<BurstKind, (e: ScreeningEntry) => string | null> = {
  'burst-address': (e) => e.ipHash,
  'burst-device': (e) => e.deviceHash,
}

/**
 * Screens entries held in memory: every flag of every entry, keyed by entry number, flags in the
 * order of FLAG_KINDS. The result does not depend on the order of `entries`.
 */
export function screenEntries(entries: readonly ScreeningEntry[], options: ScreeningOptions = {}): Map<number, EntryFlag[]> {
  const flags = new Map<number, EntryFlag[]>()
  const onFlag: OnFlag = (n, flag) => {
    const list = flags.get(n)
    if (list) list.push(flag)
    else flags.set(n, [flag])
  }
  for (const kind of DUPLICATE_KINDS) {
    const screen = new DuplicateScreen(kind, onFlag)
    for (const e of [...entries].sort(byKeyThenNumber(DUPLICATE_KEY[kind]))) screen.push(e.number, DUPLICATE_KEY[kind](e))
    screen.finish()
  }
  for (const kind of BURST_KINDS) {
    const screen = new BurstScreen(kind, options.burst ?? DEFAULT_BURST_RULE, onFlag)
    for (const e of [...entries].sort(byKeyThenTime(BURST_KEY[kind]))) screen.push(e.number, BURST_KEY[kind](e), e.at)
    screen.finish()
  }
  if (options.disposableDomains) {
    const screen = new DisposableScreen(options.disposableDomains, onFlag)
    for (const e of [...entries].sort((a, b) => a.number - b.number)) screen.push(e.number, e.emailKey)
  }
  return flags
}

/** Why an excluded entry was left out, for the public record: the category of its first flag. */
export type ExclusionCategory = 'duplicate' | 'burst' | 'disposable' | 'other'
export function exclusionCategoryOf(kind: string | null | undefined): ExclusionCategory {
  if (!kind) return 'other'
  if (kind.startsWith('duplicate-')) return 'duplicate'
  if (kind.startsWith('burst-')) return 'burst'
  return kind === 'disposable-email' ? 'disposable' : 'other'
}

// --- Wire schemas of the screening calls ---
const promotionId = z.coerce
  .number({ error: MSG_SCREENING_PROMOTION_REQUIRED })
  .int({ error: MSG_SCREENING_PROMOTION_REQUIRED })
  .positive({ error: MSG_SCREENING_PROMOTION_REQUIRED })
  .max(2_147_483_647, { error: MSG_SCREENING_PROMOTION_REQUIRED })
/** Flagged groups shown per page. */
export const SCREENING_PAGE_SIZE = 20
/** Entries shown per group (a group's decision covers all of them). */
export const SCREENING_MEMBERS_SHOWN = 25

/** POST /api/entries/screen and /api/entries/freeze. */
export const ScreeningRunSchema = z.object({ promotionId })

/** GET /api/entries/screening: one page of the flagged groups. */
export const ScreeningListQuerySchema = z.object({
  promotionId,
  page: z.coerce
    .number({ error: MSG_SCREENING_PAGE_INVALID })
    .int({ error: MSG_SCREENING_PAGE_INVALID })
    .min(1, { error: MSG_SCREENING_PAGE_INVALID })
    .max(1_000_000, { error: MSG_SCREENING_PAGE_INVALID })
    .default(1),
  kind: z.enum(FLAG_KINDS, { error: MSG_SCREENING_KIND_INVALID }).optional(),
  /** Only the groups with an entry not yet decided. */
  undecided: z
    .enum(['true', 'false'], { error: MSG_SCREENING_PAGE_INVALID })
    .transform((v) => v === 'true')
    .optional(),
})
export type ScreeningListQuery = z.infer<typeof ScreeningListQuerySchema>

/**
 * POST /api/entries/decide: exclude or keep entries, by entry number or a whole flagged group, with
 * the reason kept beside them and, optionally, the T&C clause the public record cites.
 */
export const ScreeningDecideSchema = z
  .object({
    promotionId,
    decision: z.enum(['exclude', 'keep'], { error: MSG_SCREENING_DECISION_INVALID }),
    reason: z
      .string({ error: MSG_SCREENING_DECISION_REASON_REQUIRED })
      .trim()
      .min(1, { error: MSG_SCREENING_DECISION_REASON_REQUIRED })
      .max(500, { error: MSG_SCREENING_DECISION_REASON_REQUIRED }),
    clause: z
      .string({ error: MSG_SCREENING_CLAUSE_INVALID })
      .trim()
      .max(20, { error: MSG_SCREENING_CLAUSE_INVALID })
      .regex(/^[\p{L}\p{N} .()-]*$/u, { error: MSG_SCREENING_CLAUSE_INVALID })
      .optional()
      .transform((v) => v || undefined),
    entryNumbers: z
      .array(
        z
          .number({ error: MSG_SCREENING_TARGET_REQUIRED })
          .int({ error: MSG_SCREENING_TARGET_REQUIRED })
          .positive({ error: MSG_SCREENING_TARGET_REQUIRED })
          .max(Number.MAX_SAFE_INTEGER, { error: MSG_SCREENING_TARGET_REQUIRED }),
        { error: MSG_SCREENING_TARGET_REQUIRED },
      )
      .min(1, { error: MSG_SCREENING_TARGET_REQUIRED })
      .max(1000, { error: MSG_SCREENING_TOO_MANY_ENTRIES })
      .optional(),
    group: z
      .string({ error: MSG_SCREENING_TARGET_REQUIRED })
      .trim()
      .min(1, { error: MSG_SCREENING_TARGET_REQUIRED })
      .max(300, { error: MSG_SCREENING_TARGET_REQUIRED })
      .optional(),
  })
  .refine((b) => (b.entryNumbers === undefined) !== (b.group === undefined), { error: MSG_SCREENING_TARGET_REQUIRED, path: ['entryNumbers'] })
export type ScreeningDecide = z.infer<typeof ScreeningDecideSchema>

/** POST /api/entries/freeze: into the given draw, else the promotion's open draw (made with its defaults when there is none). */
export const EntriesFreezeSchema = z.object({
  promotionId,
  drawId: z.coerce
    .number({ error: MSG_FREEZE_DRAW_INVALID })
    .int({ error: MSG_FREEZE_DRAW_INVALID })
    .positive({ error: MSG_FREEZE_DRAW_INVALID })
    .max(2_147_483_647, { error: MSG_FREEZE_DRAW_INVALID })
    .optional(),
})
