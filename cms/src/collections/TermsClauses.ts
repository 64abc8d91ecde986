import { APIError, type CollectionBeforeChangeHook, type CollectionConfig } from 'payload'
import {
  DRAW_METHODS,
  DRAW_METHOD_LABELS,
  ENTRY_METHODS,
  ENTRY_METHOD_LABELS,
  lexicalToParagraphs,
  MSG_TERMS_UNKNOWN_PLACEHOLDER,
  PRIZE_CATEGORIES,
  PRIZE_CATEGORY_LABELS,
  STATE_CODES,
  STATE_KEYS,
  TERMS_PLACEHOLDER_KEYS,
  TermsClauseSchema,
  unknownPlaceholders,
} from '@permitdesk/shared'
import { isAdmin } from '../access'

const TRISTATE_OPTIONS = [
  { label: 'Any', value: 'any' },
  { label: 'Yes', value: 'yes' },
  { label: 'No', value: 'no' },
]
const NOTE_CODES = ['TA', 'TB', 'TC', 'TD', 'TE', 'TF', 'TG', 'TH', 'TI', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO']

/** The unknown placeholders of a clause's rich text, or true. */
export function validateBody(value: unknown): true | string {
  const paragraphs = lexicalToParagraphs(value)
  if (paragraphs.length === 0) return 'Please write the clause text.'
  const unknown = [...new Set(paragraphs.flatMap(unknownPlaceholders))]
  return unknown.length ? MSG_TERMS_UNKNOWN_PLACEHOLDER(unknown) : true
}

type ClauseDoc = {
  key?: string
  order?: number
  title?: string
  body?: unknown
  kinds?: string[]
  complianceNote?: string | null
  conditions?: Record<string, unknown>
}

/**
 * Keeps `snapshot`: the clause as generation reads it (shared `TermsClauseSchema`), so the API
 * reads one column. A clause that does not make a valid snapshot is refused.
 */
export const writeSnapshot: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const doc = { ...(originalDoc as ClauseDoc | undefined), ...(data as ClauseDoc) }
  const body = validateBody(doc.body)
  if (body !== true) throw new APIError(body, 400, undefined, true)
  const conditions = doc.conditions ?? {}
  const parsed = TermsClauseSchema.safeParse({
    key: doc.key,
    order: Number(doc.order ?? 0),
    title: doc.title,
    paragraphs: lexicalToParagraphs(doc.body),
    kinds: doc.kinds ?? [],
    complianceNote: doc.complianceNote || null,
    conditions: {
      states: conditions.states ?? [],
      prizeCategories: conditions.prizeCategories ?? [],
      entryMethods: conditions.entryMethods ?? [],
      drawMethods: conditions.drawMethods ?? [],
      prizeTier: conditions.prizeTier ? Number(conditions.prizeTier) : null,
      inducements: conditions.inducements ?? 'any',
      under18s: conditions.under18s ?? 'any',
      managedSubmission: conditions.managedSubmission ?? 'any',
    },
  })
  if (!parsed.success)
    throw new APIError(`This clause cannot be used: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`, 400, undefined, true)
  return { ...data, snapshot: parsed.data }
}

/**
 * The T&C clause library (issue 14), edited by marketing and legal staff. A clause is in a
 * generated document when its kinds include the document's kind and all of its conditions hold
 * (within one condition, any of the chosen values). Already generated versions keep the text
 * they were made with: editing a clause never changes approved T&Cs.
 */
export const TermsClauses: CollectionConfig = {
  slug: 'terms-clauses',
  labels: { singular: 'T&C clause', plural: 'T&C clauses' },
  admin: {
    group: 'Terms and conditions',
    useAsTitle: 'title',
    defaultColumns: ['title', 'key', 'order', 'kinds', 'complianceNote'],
    description: `Placeholders you can use in the text: ${TERMS_PLACEHOLDER_KEYS.map((k) => `{${k}}`).join(', ')}.`,
  },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: 'order',
  hooks: { beforeChange: [writeSnapshot] },
  fields: [
    {
      name: 'key',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { description: 'Lower-case letters, digits and dashes; never change it once used.' },
    },
    { name: 'order', type: 'number', required: true, defaultValue: 100, admin: { description: 'Lower numbers come first in the document.' } },
    { name: 'title', type: 'text', required: true },
    {
      name: 'body',
      type: 'richText',
      required: true,
      validate: (value: unknown) => validateBody(value),
      admin: { description: 'One paragraph per clause paragraph. Use placeholders such as {promoter.name}; unknown ones are refused.' },
    },
    {
      name: 'kinds',
      type: 'select',
      hasMany: true,
      required: true,
      options: [
        { label: 'Game of chance', value: 'chance' },
        { label: 'Game of skill', value: 'skill' },
        { label: 'Abridged', value: 'abridged' },
      ],
    },
    { name: 'complianceNote', type: 'select', options: NOTE_CODES, admin: { description: 'The compliance note (TA–TO) this clause answers, if any.' } },
    {
      name: 'conditions',
      type: 'group',
      admin: { description: 'Leave a condition empty for “always”. Within one condition, any chosen value matches.' },
      fields: [
        { name: 'states', type: 'select', hasMany: true, options: STATE_KEYS.map((s) => ({ label: STATE_CODES[s], value: s })) },
        { name: 'prizeCategories', type: 'select', hasMany: true, options: PRIZE_CATEGORIES.map((c) => ({ label: PRIZE_CATEGORY_LABELS[c], value: c })) },
        { name: 'entryMethods', type: 'select', hasMany: true, options: ENTRY_METHODS.map((m) => ({ label: ENTRY_METHOD_LABELS[m], value: m })) },
        { name: 'drawMethods', type: 'select', hasMany: true, options: DRAW_METHODS.map((m) => ({ label: DRAW_METHOD_LABELS[m], value: m })) },
        {
          name: 'prizeTier',
          type: 'select',
          options: [
            { label: 'A prize of $251 or more', value: '251' },
            { label: 'A prize of $501 or more', value: '501' },
            { label: 'A prize of $1,001 or more', value: '1001' },
          ],
        },
        { name: 'inducements', type: 'select', defaultValue: 'any', options: TRISTATE_OPTIONS, admin: { description: 'Inducements offered' } },
        { name: 'under18s', type: 'select', defaultValue: 'any', options: TRISTATE_OPTIONS, admin: { description: 'Entrants under 18' } },
        {
          name: 'managedSubmission',
          type: 'select',
          defaultValue: 'any',
          options: TRISTATE_OPTIONS,
          admin: { description: 'Permit submission managed by us' },
        },
      ],
    },
    { name: 'snapshot', type: 'json', admin: { readOnly: true, hidden: true } },
  ],
}
