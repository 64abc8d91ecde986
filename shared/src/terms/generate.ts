/**
 * Generating terms and conditions (issue 14): promotion + permit application + a clause library
 * snapshot → a document (sections with filled paragraphs) → HTML. Pure and deterministic: the
 * same input always gives the same document (no clock, no randomness).
 */
import { parseIsoDate, dayOfWeek } from '../dates/calendar'
import { formatAbnOrAcn } from '../format/business-numbers'
import { formatCurrency } from '../format/currency'
import { formatDate, formatSydneyDateAndTime } from '../format/date'
import { formatAddress } from '../format/labels'
import { formatAuPhoneList } from '../format/phone'
import { DEFAULT_PRODUCT_NAME } from '../site-content'
import { getPermitRequirements } from '../permits/requirements'
import { selectRuleSet } from '../rules/rule-sets'
import { DRAW_METHOD_FLAGS, DRAW_METHODS, flagsToKeys, NON_DRAWN_METHODS } from '../permits/options'
import { drawMethodNames, entryMethodNames, notificationMethodName, prizeCategoryNames } from '../permits/option-labels'
import { selectedStates, STATE_CODES, STATE_NAMES, isNational, type AusStatesInput, type StateKey } from '../states'
import { selectClauses, TermsClauseSchema, type TermsClause, type TermsClauseInput, type TermsConditionFacts } from './clauses'
import { cleanPlaceholderValue, fillPlaceholders, type TermsPlaceholder } from './placeholders'
import { stateRuleValues, termsStateRules, type TermsStateRules } from './state-requirements'

export const TERMS_KINDS = ['chance', 'skill', 'abridged'] as const
export type TermsKind = (typeof TERMS_KINDS)[number]

/** The most characters the abridged form may carry (about what a print ad's small print holds). */
export const ABRIDGED_MAX_CHARS = 1200

export type PermitNumberEntry = { state: 'NSW' | 'ACT' | 'SA'; number: string }

type Address = Parameters<typeof formatAddress>[0] | null | undefined
type Draw =
  | {
      date?: string | null
      time?: string | null
      locationAddress?: Address
      locationOrganisation?: string | null
      multipleDates?: boolean | null
      multipleDatesDetail?: string | null
      notification?: { method?: string | null; date?: string | null } | null
    }
  | null
  | undefined

/** What generation reads: the promotion with its application (the shape GET /api/promotion/get answers, cents for money). */
export interface TermsSource {
  name?: string | null
  /** Selects the rule set (permit thresholds). */
  startDate?: string | null
  /** The provider's random draw service is bought: the provider conducts the draw. */
  randomDraw?: boolean | null
  /** SA at or under its threshold: instant-win prizes make its permit required. */
  hasInstantWinPrizes?: boolean | null
  ausStates?: AusStatesInput | null
  includeNz?: boolean | null
  managedSubmission?: boolean | null
  totalPrizeValue?: number | null
  prizeValueACT?: number | null
  prizeValueNSW?: number | null
  prizeValueSA?: number | null
  prizeValueVIC?: number | null
  prizeValueQLD?: number | null
  prizeValueTAS?: number | null
  prizeValueWA?: number | null
  prizeValueNT?: number | null
  prizeQuantityTotal?: number | null
  prizeDescription?: string | null
  prizeCategoriesValue?: number | null
  prizeCategoriesOther?: string | null
  maxPrizeValue?: number | null
  prizePublicationACT?: string | null
  prizePublicationDateACT?: string | null
  permit?: {
    startDate?: string | null
    startTime?: string | null
    endDate?: string | null
    endTime?: string | null
    under18s?: boolean | null
    inducementsOffered?: boolean | null
    inducementsDetail?: string | null
    promotedProducts?: string | null
    entryMethodsValue?: number | null
    entryMethodsPhoneNumbers?: string | null
    entryMethodsOther?: string | null
    entryMethodsWebsite?: string | null
    entryMechanic?: string | null
    entriesPerDay?: number | string | null
    multiplePrizesAllowed?: boolean | null
    drawMethodsValue?: number | null
    drawMethodsOther?: string | null
    isComputerDraw?: boolean | null
    finalDraw?: Draw
    unclaimedDraw?: Draw
    scrutineerRequired?: boolean | null
    scrutineerName?: string | null
    nonIndependentScrutineer?: boolean | null
    judgingCriteria?: string | null
    judges?: string | null
    applicant?: { organisation?: string | null; abnacn?: string | null; tradingName?: string | null; businessAddress?: Address; website?: string | null } | null
  } | null
}

export interface TermsContext {
  /** Permit numbers saved by staff (shown as each state writes them). */
  permitNumbers?: readonly PermitNumberEntry[]
  /** The hosted page's address (`https://…/t/{code}/`), for the abridged form. */
  hostedUrl?: string | null
  /** The provider's product name (site settings), named as the draw's conductor. */
  providerName?: string | null
  /** For the abridged form: the kind of the full terms it abridges (a game of skill has no draw or permits). */
  fullKind?: 'chance' | 'skill'
  /** The state figures; by default from the rule set of the promotion's start date. */
  stateRules?: TermsStateRules
}

export type TermsSection = { key: string; title: string; paragraphs: string[] }
export type TermsDocument = { kind: TermsKind; title: string; promotionName: string; sections: TermsSection[] }

const TBA = 'to be advised'
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** A calendar date in words: `Thursday 5 March 2026`. */
export function dateInWords(iso: string | null | undefined): string {
  const p = parseIsoDate(iso ?? null)
  if (!p) return ''
  return `${DAYS[dayOfWeek(iso!)]} ${p.day} ${MONTHS[p.month - 1]} ${p.year}`
}

/** The instant of a Sydney wall-clock date and time. */
export function sydneyWallTimeToInstant(iso: string, time: string): Date | null {
  const p = parseIsoDate(iso)
  const t = /^(\d{2}):(\d{2})$/.exec(time)
  if (!p || !t) return null
  const wall = Date.UTC(p.year, p.month - 1, p.day, Number(t[1]), Number(t[2]))
  // Sydney is UTC+10 or +11: try both and keep the one that reads back as the wall time.
  for (const offsetHours of [11, 10]) {
    const instant = new Date(wall - offsetHours * 3_600_000)
    if (zonedWall(instant, 'Australia/Sydney') === wall) return instant
  }
  return new Date(wall - 10 * 3_600_000)
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>()
function zonedWall(instant: Date, zone: string): number {
  let f = wallFormatters.get(zone)
  if (!f)
    wallFormatters.set(
      zone,
      (f = new Intl.DateTimeFormat('en-AU', {
        timeZone: zone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      })),
    )
  const parts: Record<string, number> = {}
  for (const part of f.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour === 24 ? 0 : parts.hour!, parts.minute!)
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>()
/** `9:00 am AEDT` in a zone. */
function zonedTime(instant: Date, zone: string): string {
  let f = timeFormatters.get(zone)
  if (!f)
    timeFormatters.set(
      zone,
      (f = new Intl.DateTimeFormat('en-AU', { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' })),
    )
  return f.format(instant).replace(/\u202f|\u00a0/g, ' ')
}

/** The calendar date of an instant in a zone, as formatDate writes it. */
function zonedDate(instant: Date, zone: string): string {
  return formatDate(new Date(zonedWall(instant, zone)).toISOString().slice(0, 10))
}

/** Other Australian zones an entrant may be in, by state (Sydney time covers NSW, VIC, TAS, ACT). */
const OTHER_ZONES: { states: StateKey[]; city: string; zone: string }[] = [
  { states: ['qld'], city: 'Brisbane', zone: 'Australia/Brisbane' },
  { states: ['sa'], city: 'Adelaide', zone: 'Australia/Adelaide' },
  { states: ['nt'], city: 'Darwin', zone: 'Australia/Darwin' },
  { states: ['wa'], city: 'Perth', zone: 'Australia/Perth' },
]

function periodText(source: TermsSource): string {
  const permit = source.permit ?? {}
  if (!permit.startDate || !permit.endDate) return `The promotional period is ${TBA}.`
  const start = sydneyWallTimeToInstant(permit.startDate, permit.startTime || '00:00')
  const end = sydneyWallTimeToInstant(permit.endDate, permit.endTime || '23:59')
  if (!start || !end) return `The promotional period is ${TBA}.`
  let text = `The promotion starts at ${zonedTime(start, 'Australia/Sydney')} on ${formatDate(permit.startDate)} and ends at ${zonedTime(end, 'Australia/Sydney')} on ${formatDate(permit.endDate)} (Sydney time).`
  const states = selectedStates(source.ausStates)
  const sameAsSydney = (zone: string) =>
    zonedWall(start, zone) === zonedWall(start, 'Australia/Sydney') && zonedWall(end, zone) === zonedWall(end, 'Australia/Sydney')
  // Brisbane in winter keeps Sydney's clock: saying it again adds nothing.
  const others = OTHER_ZONES.filter((z) => z.states.some((s) => states.includes(s)) && !sameAsSydney(z.zone)).map(
    // With the date: midnight in Sydney is the evening before in Perth.
    (z) => `in ${z.city} from ${zonedTime(start, z.zone)} on ${zonedDate(start, z.zone)} to ${zonedTime(end, z.zone)} on ${zonedDate(end, z.zone)}`,
  )
  if (others.length) text += ` That is ${joinWords(others)}.`
  return text
}

function joinWords(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`
}

function statesText(source: TermsSource): string {
  const states = selectedStates(source.ausStates)
  const nz = source.includeNz ? ' and New Zealand' : ''
  if (isNational(source.ausStates)) return `Australia${nz}`
  if (!states.length) return TBA
  // "the Australian Capital Territory", "the Northern Territory": territories take the article.
  return joinWords(states.map((s) => (s === 'act' || s === 'nt' ? `the ${STATE_NAMES[s]}` : STATE_NAMES[s]))) + nz
}

/** A Sydney wall-clock time with the zone in force that day: `11:00 am AEST`. */
function timeText(date: string | null | undefined, time: string | null | undefined): string {
  if (!/^\d{2}:\d{2}$/.test(time ?? '')) return ''
  // formatSydneyDateAndTime picks the zone of that day; without a date, the zone is not known.
  const dated = formatSydneyDateAndTime(date || null, time)
  const comma = dated.indexOf(', ')
  if (comma >= 0) return dated.slice(comma + 2)
  const t = /^(\d{2}):(\d{2})$/.exec(time!)!
  const hour = Number(t[1])
  return `${hour % 12 === 0 ? 12 : hour % 12}:${t[2]} ${hour >= 12 ? 'pm' : 'am'} Sydney time`
}

function addressText(address: Address, organisation?: string | null): string {
  const formatted = address ? formatAddress(address).split('\n').join(', ') : ''
  return [answer(organisation), formatted].filter(Boolean).join(', ') || TBA
}

const PERMIT_ORDER = ['NSW', 'ACT', 'SA'] as const

/** The states whose permit the promotion needs (rule set thresholds), in NSW, ACT, SA order. */
function requiredPermitStates(source: TermsSource, rules?: TermsStateRules): ('NSW' | 'ACT' | 'SA')[] {
  const ruleSet = selectRuleSet(source.startDate ?? source.permit?.startDate ?? null)
  const thresholds = rules
    ? {
        ...ruleSet.thresholds,
        nswPermitAboveCents: rules.permitAboveCents.nsw,
        actPermitAboveCents: rules.permitAboveCents.act,
        saPermitAboveCents: rules.permitAboveCents.sa,
      }
    : ruleSet.thresholds
  const req = getPermitRequirements(
    { ausStates: source.ausStates, includeNz: source.includeNz, totalPrizeValue: source.totalPrizeValue, hasInstantWinPrizes: source.hasInstantWinPrizes },
    { ...ruleSet, thresholds },
  )
  return req.requiredStates.map((s) => s.toUpperCase() as 'NSW' | 'ACT' | 'SA')
}

/**
 * `Authorised under NSW Permit No. NTP/01234, ACT Permit No. TP 26/01234 and SA Permit No. T26/1234.`,
 * as each state writes them: the numbers staff saved, and "applied for" for a required permit
 * whose number is not in yet. Empty when no state permit is required.
 */
export function permitNumbersText(source: TermsSource, numbers: readonly PermitNumberEntry[] = [], rules?: TermsStateRules): string {
  const saved = PERMIT_ORDER.map((state) => numbers.find((n) => n.state === state && n.number.trim())).filter((n): n is PermitNumberEntry => !!n)
  const pending = requiredPermitStates(source, rules).filter((state) => !saved.some((n) => n.state === state))
  const parts: string[] = []
  if (saved.length) parts.push(`Authorised under ${joinWords(saved.map((n) => `${n.state} Permit No. ${n.number.trim()}`))}.`)
  if (pending.length)
    parts.push(
      `${pending.length === 1 ? `The ${pending[0]} permit has` : `The ${joinWords(pending)} permits have`} been applied for; the permit number${pending.length === 1 ? '' : 's'} will be added to these terms when issued.`,
    )
  return parts.join(' ')
}

function prizeValuesByState(source: TermsSource): string {
  const byKey: Record<StateKey, number | null | undefined> = {
    act: source.prizeValueACT,
    nsw: source.prizeValueNSW,
    sa: source.prizeValueSA,
    vic: source.prizeValueVIC,
    qld: source.prizeValueQLD,
    tas: source.prizeValueTAS,
    wa: source.prizeValueWA,
    nt: source.prizeValueNT,
  }
  const parts = selectedStates(source.ausStates)
    .filter((s) => byKey[s] != null)
    .map((s) => `${STATE_CODES[s]} ${formatCurrency(byKey[s])}`)
  return parts.length ? parts.join('; ') : formatCurrency(source.totalPrizeValue)
}

function entryLimit(permit: NonNullable<TermsSource['permit']>): string {
  const perDay = permit.entriesPerDay
  const limit =
    perDay === null || perDay === undefined || perDay === '' || perDay === 0
      ? 'unlimited entries'
      : `${perDay} ${String(perDay) === '1' ? 'entry' : 'entries'} per person per day`
  const prizes =
    permit.multiplePrizesAllowed === false
      ? '; each person can win only one prize'
      : permit.multiplePrizesAllowed === true
        ? '; a person may win more than one prize'
        : ''
  return `${limit}${prizes}`
}

type DrawConductor = { fragment: string; sentence: string; unclaimed: string }

/**
 * Who conducts the draw, from the facts (issue 28): the provider's random draw service when it
 * is bought, an independent scrutineer when the application names one (supervising whoever
 * draws), otherwise the promoter.
 */
function drawConductor(source: TermsSource, providerName: string): DrawConductor {
  const permit = source.permit ?? {}
  const scrutineer = permit.scrutineerRequired !== false && permit.scrutineerName?.trim() ? permit.scrutineerName.trim() : ''
  const supervised = scrutineer
    ? `, under the supervision of ${scrutineer}, ${permit.nonIndependentScrutineer ? 'the scrutineer' : 'an independent scrutineer'}`
    : ''
  const methods = flagsToKeys(permit.drawMethodsValue, DRAW_METHODS, DRAW_METHOD_FLAGS)
  const notDrawn = methods.length > 0 && methods.every((m) => NON_DRAWN_METHODS.includes(m))
  const who = source.randomDraw
    ? `by ${providerName} on behalf of the promoter, using its random draw service, which selects at random by computer`
    : permit.isComputerDraw || notDrawn
      ? 'by the promoter using a computer system that selects at random'
      : 'by the promoter in a way that gives every entry an equal chance of being drawn'
  const fragment = `${who}${supervised}`
  const sentence = notDrawn ? `The winning entries are chosen ${fragment}.` : `The draw is conducted ${fragment}.`
  return { fragment, sentence, unclaimed: `The unclaimed prize draw is conducted ${fragment}.` }
}

/** A label inside a sentence: "Proof of purchase" → "proof of purchase"; "SMS" stays. */
const inSentence = (label: string) => label.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())

/** A free-text answer cleaned for a sentence; empty when it says nothing. */
const answer = (text: string | null | undefined) => cleanPlaceholderValue(text ?? '')

/** Customer text as the end of a sentence: trimmed, with a full stop unless it has its own mark. */
function asSentence(text: string | null | undefined): string {
  const t = cleanPlaceholderValue(text ?? '')
  if (!t) return ''
  return /[.!?…]$/.test(t) ? t : `${t}.`
}

/**
 * "The winners will be drawn at … on … at …." A promotion whose winners are all instant or
 * predetermined and that names no final draw has no such sentence.
 */
function drawWhen(source: TermsSource, final: NonNullable<Draw>): string {
  const methods = flagsToKeys(source.permit?.drawMethodsValue, DRAW_METHODS, DRAW_METHOD_FLAGS)
  const notDrawn = methods.length > 0 && methods.every((m) => NON_DRAWN_METHODS.includes(m))
  if (notDrawn && !final.date && !answer(final.multipleDatesDetail)) return ''
  const winners = source.prizeQuantityTotal === 1 ? 'The winner will be drawn' : 'The winners will be drawn'
  if (final.multipleDates && answer(final.multipleDatesDetail))
    return `${winners} at ${addressText(final.locationAddress, final.locationOrganisation)} on these dates: ${asSentence(final.multipleDatesDetail)}`
  return `${winners} at ${timeText(final.date, final.time) || TBA} on ${formatDate(final.date) || TBA} at ${addressText(final.locationAddress, final.locationOrganisation)}.`
}

/** Where winners are published online: the entry website, else the promoter's website. */
function publicationOnline(permit: NonNullable<TermsSource['permit']>): string {
  return answer(permit.entryMethodsWebsite) || answer(permit.applicant?.website) || 'the promoter’s website'
}

/** The value of every placeholder for a promotion. */
export function termsValues(source: TermsSource, context: TermsContext = {}): Record<TermsPlaceholder, string> {
  const permit = source.permit ?? {}
  const applicant = permit.applicant ?? {}
  const final = permit.finalDraw ?? {}
  const unclaimed = permit.unclaimedDraw ?? {}
  // Option labels are headings ("Proof of purchase"); inside a sentence they read in lower case.
  const entryMethods = entryMethodNames(permit.entryMethodsValue).map(inSentence)
  const drawMethods = drawMethodNames(permit.drawMethodsValue).map(inSentence)
  const categories = prizeCategoryNames(source.prizeCategoriesValue).map(inSentence)
  // An instant-win promotion may have no final draw: its notification is the unclaimed draw's.
  const notification = final.notification?.method || final.notification?.date ? final.notification : unclaimed.notification
  const providerName = answer(context.providerName) || DEFAULT_PRODUCT_NAME
  const rules = context.stateRules ?? termsStateRules(selectRuleSet(source.startDate ?? permit.startDate ?? null))
  const conductor = drawConductor(source, providerName)
  const businessNumber = formatAbnOrAcn(applicant.abnacn)
  const promoterName = answer(applicant.organisation) || TBA
  return {
    ...stateRuleValues(rules),
    'promoter.name': promoterName,
    'promoter.abn': businessNumber.replace(/^A[BC]N /, '') || TBA,
    'promoter.identifier': businessNumber || `ABN ${TBA}`,
    'promoter.address': addressText(applicant.businessAddress),
    'promoter.website': answer(applicant.website) || TBA,
    'promotion.name': answer(source.name) || 'this promotion',
    'promotion.startDate': formatDate(permit.startDate) || TBA,
    'promotion.endDate': formatDate(permit.endDate) || TBA,
    'promotion.period': periodText(source),
    'promotion.states': statesText(source),
    'promotion.promotedProducts': answer(permit.promotedProducts) || TBA,
    'entry.methods': joinWords([...entryMethods, ...(answer(permit.entryMethodsOther) ? [answer(permit.entryMethodsOther)] : [])]) || TBA,
    'entry.mechanic': asSentence(permit.entryMechanic) || `How to enter is ${TBA}.`,
    'entry.website': answer(permit.entryMethodsWebsite) || TBA,
    'entry.phoneNumbers': formatAuPhoneList(permit.entryMethodsPhoneNumbers) || 'the number shown in the advertising',
    'entry.limit': entryLimit(permit),
    'draw.when': drawWhen(source, final),
    'draw.date': final.multipleDates && answer(final.multipleDatesDetail) ? answer(final.multipleDatesDetail) : formatDate(final.date) || TBA,
    'draw.time': timeText(final.date, final.time) || TBA,
    'draw.address': addressText(final.locationAddress, final.locationOrganisation),
    'draw.method': joinWords([...drawMethods, ...(answer(permit.drawMethodsOther) ? [answer(permit.drawMethodsOther)] : [])]) || TBA,
    'draw.scrutineer': conductor.fragment,
    'draw.conductor': conductor.sentence,
    'unclaimed.conductor': conductor.unclaimed,
    'notification.method': notificationMethodName(notification?.method)?.toLowerCase() || 'email',
    'notification.date': formatDate(notification?.date) || TBA,
    'notification.sentence': `Winners will be notified by ${notificationMethodName(notification?.method)?.toLowerCase() || 'email'}${formatDate(notification?.date) ? ` by ${formatDate(notification?.date)}` : ''}.`,
    'unclaimed.date': formatDate(unclaimed.date) || TBA,
    'unclaimed.time': timeText(unclaimed.date, unclaimed.time) || TBA,
    'unclaimed.address': addressText(unclaimed.locationAddress, unclaimed.locationOrganisation),
    'prizes.description': answer(source.prizeDescription) || TBA,
    'prizes.quantity': source.prizeQuantityTotal != null ? String(source.prizeQuantityTotal) : TBA,
    'prizes.totalValue': formatCurrency(source.totalPrizeValue),
    'prizes.valuesByState': prizeValuesByState(source),
    'prizes.categories': joinWords([...categories, ...(answer(source.prizeCategoriesOther) ? [answer(source.prizeCategoriesOther)] : [])]) || TBA,
    'publication.act': answer(source.prizePublicationACT) || TBA,
    'publication.actDate': formatDate(source.prizePublicationDateACT) || TBA,
    'publication.online': publicationOnline(permit),
    'permits.numbers': permitNumbersText(source, context.permitNumbers, rules),
    'judging.criteria': answer(permit.judgingCriteria) || TBA,
    'judging.judges': answer(permit.judges) || TBA,
    'inducements.detail': answer(permit.inducementsDetail) || answer(permit.promotedProducts) || TBA,
    'hosted.url': context.hostedUrl || 'the promoter’s website',
    'privacy.sharing': source.randomDraw
      ? `To conduct the draw, the promoter gives the entries to ${providerName}, which uses them only for that purpose.`
      : '',
  }
}

/** The facts the clause conditions test. */
export function termsFacts(source: TermsSource): TermsConditionFacts {
  const permit = source.permit ?? {}
  return {
    ausStates: source.ausStates,
    prizeCategoriesValue: source.prizeCategoriesValue,
    entryMethodsValue: permit.entryMethodsValue,
    drawMethodsValue: permit.drawMethodsValue,
    maxPrizeValue: source.maxPrizeValue,
    inducementsOffered: permit.inducementsOffered,
    under18s: permit.under18s,
    managedSubmission: source.managedSubmission,
  }
}

/** Parses a library snapshot (CMS rows or the seed) into clauses; invalid rows are dropped. */
export function parseClauseLibrary(rows: readonly unknown[]): TermsClause[] {
  const clauses: TermsClause[] = []
  for (const row of rows) {
    const parsed = TermsClauseSchema.safeParse(row)
    if (parsed.success) clauses.push(parsed.data)
  }
  return clauses
}

const TITLES: Record<TermsKind, string> = {
  chance: 'Terms and conditions',
  skill: 'Terms and conditions (game of skill)',
  abridged: 'Abridged terms and conditions',
}

/** Builds the document: the clauses of the kind that apply, placeholders filled. */
export function generateTermsDocument(
  source: TermsSource,
  library: readonly (TermsClause | TermsClauseInput)[],
  kind: TermsKind,
  context: TermsContext = {},
): TermsDocument {
  const clauses = parseClauseLibrary(library)
  const values = termsValues(source, context)
  const fullKind = context.fullKind ?? 'chance'
  let sections = selectClauses(clauses, kind, termsFacts(source))
    // An abridged clause that belongs to full terms belongs to the abridged form of those only.
    .filter((c) => kind !== 'abridged' || !c.kinds.some((k) => k !== 'abridged') || c.kinds.includes(fullKind))
    .map((clause) => ({
      key: clause.key,
      title: clause.title,
      paragraphs: clause.paragraphs.map((p) => fillPlaceholders(p, values).trim()).filter(Boolean),
      optional: clause.paragraphs.every((p) => /^\s*\{[a-zA-Z0-9_.]+\}\s*$/.test(p)),
    }))
    // A clause made only of placeholders that the facts leave empty (no permit required, nobody
    // else receives entries) is left out; any other clause without text is a defect the check names.
    .filter((s) => s.paragraphs.length || !s.optional)
    .map(({ optional: _optional, ...section }) => section)
  if (kind === 'abridged') sections = boundAbridged(sections)
  return { kind, title: `${values['promotion.name']}: ${TITLES[kind]}`, promotionName: values['promotion.name'], sections }
}

/**
 * The abridged form keeps its first paragraph per clause and drops clauses from the end (before
 * the final "Full terms at …") until it fits {@link ABRIDGED_MAX_CHARS}.
 */
function boundAbridged(sections: TermsSection[]): TermsSection[] {
  const short = sections.map((s) => ({ ...s, paragraphs: s.paragraphs.slice(0, s.key === 'prizes' ? 2 : 1) }))
  // The permit numbers and the link to the full terms are kept whatever else must go: the
  // permit states require the numbers on the promotion's advertising.
  const tail = short.filter((s) => s.key === 'permit-numbers' || s.key === 'full-terms')
  short.splice(0, short.length, ...short.filter((s) => !tail.includes(s)))
  const size = (list: TermsSection[]) => list.reduce((n, s) => n + s.paragraphs.join(' ').length + 1, 0)
  while (short.length > 1 && size([...short, ...tail]) > ABRIDGED_MAX_CHARS) short.splice(short.length - 1, 1)
  const result = [...short, ...tail]
  // A single overlong paragraph is cut at a word boundary, never past the limit.
  let budget = ABRIDGED_MAX_CHARS - size(tail)
  for (const section of short) {
    section.paragraphs = section.paragraphs
      .map((p) => {
        if (p.length <= budget) return ((budget -= p.length + 1), p)
        const cut = p
          .slice(0, Math.max(0, budget - 1))
          .replace(/\s+\S*$/, '')
          .replace(/[\s.,;:]+$/, '')
        budget = 0
        return cut ? `${cut}…` : ''
      })
      .filter(Boolean)
  }
  return result.filter((s) => s.paragraphs.length)
}

/** The plain text of an abridged document (for advertisements). */
export function termsDocumentText(doc: TermsDocument): string {
  return doc.sections.map((s) => s.paragraphs.join(' ')).join(' ')
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

/** The document as an HTML fragment; every piece of text is escaped. */
export function renderTermsHtml(doc: TermsDocument): string {
  const lines = [`<article class="terms terms-${doc.kind}">`, `<h1>${escapeHtml(doc.title)}</h1>`]
  if (doc.kind === 'abridged') {
    for (const section of doc.sections) for (const p of section.paragraphs) lines.push(`<p data-clause="${escapeHtml(section.key)}">${escapeHtml(p)}</p>`)
  } else {
    lines.push('<ol class="terms-clauses">')
    for (const section of doc.sections) {
      lines.push(`<li id="clause-${escapeHtml(section.key)}">`, `<h2>${escapeHtml(section.title)}</h2>`)
      for (const p of section.paragraphs) lines.push(`<p>${escapeHtml(p)}</p>`)
      lines.push('</li>')
    }
    lines.push('</ol>')
  }
  lines.push('</article>')
  return lines.join('\n')
}

/** The kind of full terms a promotion gets: skill for skill promotions, else chance. */
export function fullTermsKind(promotion: { skillsBasedTC?: boolean | null; termsAndConditions?: boolean | null }): 'chance' | 'skill' {
  return promotion.skillsBasedTC && !promotion.termsAndConditions ? 'skill' : 'chance'
}

/** Plain text lines of a terms HTML (for comparing versions): one line per heading or paragraph. */
export function termsHtmlToLines(html: string): string[] {
  return html
    .replace(/<\/(h1|h2|h3|p|li)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
}
