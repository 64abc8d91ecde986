/**
 * The seed clause library: our own plain-English clauses (no third-party text). The CMS loads
 * these into `terms-clauses` on first start; editors change them there. Until the CMS holds any
 * clause, generation uses this list as the library.
 */
import type { TermsClauseInput } from './clauses'

const ALL: ('chance' | 'skill')[] = ['chance', 'skill']
const CHANCE: 'chance'[] = ['chance']

export const SEED_TERMS_CLAUSES: readonly TermsClauseInput[] = [
  {
    key: 'promoter',
    order: 10,
    title: 'The promoter',
    kinds: [...ALL, 'abridged'],
    paragraphs: [
      'The promoter of {promotion.name} is {promoter.name} ({promoter.identifier}) of {promoter.address}.',
      'These terms and conditions form part of every entry. By entering, an entrant accepts them.',
    ],
  },
  {
    key: 'eligibility',
    order: 20,
    title: 'Who can enter',
    kinds: [...ALL, 'abridged'],
    paragraphs: [
      'The promotion is open to residents of {promotion.states}.',
      'Employees of the promoter, their immediate families and the agencies and companies associated with the promotion cannot enter.',
    ],
  },
  {
    key: 'eligibility-under-18',
    order: 21,
    title: 'Entrants under 18',
    kinds: [...ALL],
    conditions: { under18s: 'yes' },
    paragraphs: [
      'Entrants under 18 years of age must have the permission of a parent or guardian to enter. A prize won by an entrant under 18 is awarded to the parent or guardian on the entrant’s behalf.',
    ],
  },
  {
    key: 'eligibility-adults-only',
    order: 22,
    title: 'Entrants must be adults',
    kinds: [...ALL],
    conditions: { under18s: 'no' },
    paragraphs: ['Entrants must be 18 years of age or older when they enter.'],
  },
  {
    key: 'period',
    order: 30,
    title: 'Promotional period',
    kinds: [...ALL, 'abridged'],
    paragraphs: ['{promotion.period}', 'Entries received outside the promotional period are not accepted.'],
  },
  {
    key: 'how-to-enter',
    order: 40,
    title: 'How to enter',
    kinds: [...ALL, 'abridged'],
    paragraphs: ['{entry.mechanic}', 'Entry methods: {entry.methods}.'],
  },
  {
    key: 'entry-limits',
    order: 41,
    title: 'Entry limits',
    kinds: [...ALL],
    paragraphs: [
      'Entry limit: {entry.limit}.',
      'The promoter may check any entry and exclude entries that are incomplete, made by automated means, made in a false name or made against these terms.',
    ],
  },
  {
    key: 'inducements',
    order: 42,
    title: 'Purchases and inducements',
    kinds: [...ALL],
    complianceNote: 'TI',
    conditions: { inducements: 'yes' },
    paragraphs: [
      'Entry is connected with {inducements.detail}. Entrants should keep their receipt or proof of purchase; the promoter may ask to see it before awarding a prize.',
    ],
  },
  {
    key: 'entry-sms-1900',
    order: 43,
    title: 'Entry by SMS or 1900 number',
    kinds: [...ALL],
    complianceNote: 'TJ',
    conditions: { entryMethods: ['sms', 'phone1900'] },
    paragraphs: [
      'Entries by SMS or by calling a 1900 number are made to {entry.phoneNumbers}. The cost of each SMS or call is shown in the advertising and is charged by the entrant’s phone carrier; it is never more than the amount shown. Entrants should get the permission of the bill payer before entering.',
      'The time an entry is received by the promoter’s system, not the time it is sent, is the time of entry.',
    ],
  },
  {
    key: 'entry-internet',
    order: 44,
    title: 'Entry online',
    kinds: [...ALL],
    complianceNote: 'TK',
    conditions: { entryMethods: ['internet'] },
    paragraphs: [
      'Online entries are made at {entry.website}. The promoter is not responsible for entries that are not received because of a fault of the internet, a network or a device.',
    ],
  },
  {
    key: 'entry-mail',
    order: 45,
    title: 'Entry by mail',
    kinds: [...ALL],
    complianceNote: 'TL',
    conditions: { entryMethods: ['mail'] },
    paragraphs: [
      'Mailed entries must have the correct postage and be received by the end of the promotional period. Entries that are lost, late or illegible are not accepted. Entries become the property of the promoter and are not returned.',
    ],
  },
  {
    key: 'entry-gaming',
    order: 46,
    title: 'Gaming venues',
    kinds: [...ALL],
    complianceNote: 'TM',
    conditions: { entryMethods: ['gaming'] },
    paragraphs: [
      'Where entry is connected with a gaming venue, entrants must be 18 or older, and the promotion is run in line with the responsible gambling laws of each state and territory. Entry is never conditional on gambling. Gamble responsibly: call the National Gambling Helpline on 1800 858 858.',
    ],
  },
  {
    key: 'judging',
    order: 50,
    title: 'Judging',
    kinds: ['skill'],
    paragraphs: [
      'This is a game of skill: chance plays no part in deciding the winners.',
      'Entries are judged on these criteria: {judging.criteria}.',
      'The judges are {judging.judges}. Their decision is final and no correspondence will be entered into.',
    ],
  },
  {
    key: 'draw',
    order: 60,
    title: 'The draw',
    kinds: [...CHANCE, 'abridged'],
    paragraphs: ['{draw.when}', 'Draw method: {draw.method}. {draw.conductor}'],
  },
  {
    key: 'draw-predetermined',
    order: 61,
    title: 'Predetermined winning entries',
    kinds: [...CHANCE],
    complianceNote: 'TN',
    conditions: { drawMethods: ['predetermined'] },
    paragraphs: [
      'The winning entries are chosen at random before the promotion starts. Every entry has an equal chance of being a winning entry, and a record of the winning entries is kept sealed until the end of the promotional period.',
    ],
  },
  {
    key: 'draw-instant-win',
    order: 62,
    title: 'Instant wins',
    kinds: [...CHANCE],
    complianceNote: 'TO',
    conditions: { drawMethods: ['instantElectronic', 'instantNonElectronic'] },
    paragraphs: [
      'Instant-win prizes are awarded at randomly chosen moments or to randomly chosen entries during the promotional period. An entrant who wins instantly is told so at the time of entry. Instant-win prizes not won by the end of the promotion are awarded in the unclaimed prize draw.',
    ],
  },
  {
    key: 'prizes',
    order: 70,
    title: 'Prizes',
    kinds: [...ALL, 'abridged'],
    paragraphs: [
      'Prizes: {prizes.description}. Number of prizes: {prizes.quantity}.',
      'Total prize pool: {prizes.totalValue}.',
      'Prize pool by state: {prizes.valuesByState}.',
    ],
  },
  {
    key: 'prizes-general',
    order: 71,
    title: 'Prize conditions',
    kinds: [...ALL],
    paragraphs: [
      'Prize values are the recommended retail values in Australian dollars, including GST, on the day these terms were written. The promoter is not responsible for a change in a prize’s value.',
      'Prizes cannot be transferred or exchanged and cannot be taken as cash, unless these terms say so.',
    ],
  },
  {
    key: 'prizes-251',
    order: 72,
    title: 'Prizes of higher value',
    kinds: [...ALL],
    complianceNote: 'TH',
    conditions: { prizeTier: 251 },
    paragraphs: [
      'If a prize valued at $251 or more becomes unavailable for a reason outside the promoter’s control, the promoter will give a prize of equal or greater value, subject to the approval of the relevant state authorities.',
    ],
  },
  {
    key: 'prize-motor-vehicle',
    order: 73,
    title: 'Motor vehicle prizes',
    kinds: [...ALL],
    complianceNote: 'TA',
    conditions: { prizeCategories: ['motorVehicle'] },
    paragraphs: [
      'The motor vehicle prize includes registration and compulsory third party insurance for the first year. Stamp duty, dealer delivery and on-road costs are paid by the promoter. Comprehensive insurance, fuel and running costs are the winner’s.',
      'The winner must hold a current, full Australian driver licence to take delivery of the vehicle, and must collect it from a dealer nominated by the promoter.',
    ],
  },
  {
    key: 'prize-travel',
    order: 74,
    title: 'Travel prizes',
    kinds: [...ALL],
    complianceNote: 'TB',
    conditions: { prizeCategories: ['travel'] },
    paragraphs: [
      'Travel prizes must be taken within the dates set by the promoter and are subject to availability. The winner and any companion need valid passports, visas and travel insurance where travel requires them, at their own cost. Spending money, meals and transfers are not included unless stated.',
      'The value of a travel prize may vary with the departure point and the time of travel; the difference is not paid in cash.',
    ],
  },
  {
    key: 'prize-real-estate',
    order: 75,
    title: 'Real estate prizes',
    kinds: [...ALL],
    complianceNote: 'TC',
    conditions: { prizeCategories: ['realEstate'] },
    paragraphs: [
      'The real estate prize is transferred to the winner free of any mortgage or charge. The promoter pays the stamp duty and legal costs of the transfer. The property’s value is supported by a valuation from a registered valuer.',
    ],
  },
  {
    key: 'prize-liquor',
    order: 76,
    title: 'Liquor prizes',
    kinds: [...ALL],
    complianceNote: 'TD',
    conditions: { prizeCategories: ['liquor'] },
    paragraphs: ['Liquor prizes are only awarded to winners who are 18 years of age or older. A winner may be asked for proof of age.'],
  },
  {
    key: 'prize-money',
    order: 77,
    title: 'Money prizes',
    kinds: [...ALL],
    complianceNote: 'TE',
    conditions: { prizeCategories: ['money'] },
    paragraphs: ['Money prizes are paid by electronic transfer to an Australian bank account in the winner’s name.'],
  },
  {
    key: 'prize-electrical',
    order: 78,
    title: 'Electrical prizes',
    kinds: [...ALL],
    complianceNote: 'TF',
    conditions: { prizeCategories: ['electrical'] },
    paragraphs: ['Electrical prizes carry the manufacturer’s warranty. Installation is not included unless stated.'],
  },
  {
    key: 'prize-event',
    order: 79,
    title: 'Event prizes',
    kinds: [...ALL],
    complianceNote: 'TG',
    conditions: { prizeCategories: ['event'] },
    paragraphs: [
      'Event tickets are subject to the conditions of the venue and the ticket issuer. If the event is cancelled or postponed, the promoter is not responsible for the loss of the prize beyond what the ticket issuer refunds.',
    ],
  },
  {
    key: 'notification',
    order: 80,
    title: 'Notifying winners',
    kinds: [...ALL, 'abridged'],
    paragraphs: ['{notification.sentence}'],
  },
  {
    key: 'publication-act',
    order: 81,
    title: 'Publishing winners in the ACT',
    kinds: [...CHANCE],
    conditions: { states: ['act'] },
    paragraphs: [
      'Winners of prizes valued at {rules.actPublishFrom} or more will have their name and suburb published in {publication.act} on {publication.actDate}, as the ACT requires.',
    ],
  },
  {
    key: 'publication-sa',
    order: 82,
    title: 'Winners in South Australia',
    kinds: [...CHANCE],
    conditions: { states: ['sa'] },
    paragraphs: [
      'Winners will be notified in writing within {rules.saNotifyWithinDays} days of the draw, and their names will be published at {publication.online} within {rules.saPublishWithinDays} days of the draw.',
    ],
  },
  {
    key: 'publication-vic',
    order: 83,
    title: 'Publishing winners in Victoria',
    kinds: [...CHANCE],
    conditions: { states: ['vic'] },
    paragraphs: [
      'Winners of prizes valued over {rules.vicPublishAbove} will have their name and suburb published at {publication.online} within {rules.publishWithinDays} days of the draw.',
    ],
  },
  {
    key: 'publication-qld',
    order: 84,
    title: 'Publishing winners in Queensland',
    kinds: [...CHANCE],
    conditions: { states: ['qld'] },
    paragraphs: ['The name and suburb of each winner will be published at {publication.online} within {rules.publishWithinDays} days of the draw.'],
  },
  {
    key: 'unclaimed',
    order: 90,
    title: 'Unclaimed prizes',
    kinds: [...CHANCE],
    paragraphs: [
      'If a prize is not claimed, or a winner cannot be contacted or is not eligible, an unclaimed prize draw will be held at {unclaimed.time} on {unclaimed.date} at {unclaimed.address}. {unclaimed.conductor} Its winners are notified in the same way as the first winners.',
    ],
  },
  {
    key: 'permit-numbers',
    order: 100,
    title: 'Permits',
    kinds: [...CHANCE, 'abridged'],
    conditions: { states: ['nsw', 'act', 'sa'] },
    paragraphs: ['{permits.numbers}'],
  },
  {
    key: 'records',
    order: 105,
    title: 'Records',
    kinds: [...CHANCE],
    paragraphs: [
      'The promoter keeps the records of the promotion, including the entries, the draws and the winners, for at least {records.years} years after it ends, and gives them to a state authority that asks for them.',
    ],
  },
  {
    key: 'privacy',
    order: 110,
    title: 'Privacy',
    kinds: [...ALL],
    paragraphs: [
      '{promoter.name} collects entrants’ personal information to run the promotion, to award and deliver prizes and, where an entrant agrees, to send them marketing. Without it an entry cannot be accepted.',
      '{privacy.sharing}',
      'Personal information may be shared with the promoter’s agencies and prize suppliers and with state authorities that require it. Entrants can ask the promoter to see or correct their information at any time.',
    ],
  },
  {
    key: 'liability',
    order: 120,
    title: 'Liability',
    kinds: [...ALL],
    paragraphs: [
      'Nothing in these terms limits a right an entrant has under the Australian Consumer Law. Otherwise, the promoter is not liable for any loss or damage from taking part in the promotion or from accepting or using a prize.',
      'If the promotion cannot run as planned for a reason outside the promoter’s control, the promoter may change, suspend or end it, subject to the approval of the relevant state authorities.',
    ],
  },
  {
    key: 'full-terms',
    order: 200,
    title: 'Full terms',
    kinds: ['abridged'],
    paragraphs: ['Full terms at {hosted.url}'],
  },
]
