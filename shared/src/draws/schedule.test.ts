import { describe, expect, it } from 'vitest'
import { actPublishedPositions, prizeValueAt, winnerPublicationsOf, type DrawPrizeFacts } from './schedule'

const facts = (over: Partial<DrawPrizeFacts>): DrawPrizeFacts => ({
  winners: 3,
  prizeValues: [],
  isRedraw: false,
  maxPrizeValue: null,
  prizeValueACT: null,
  ...over,
})
const ranAt = new Date('2027-03-01T03:00:00Z')

describe('winner publication, per prize', () => {
  it('lists for ACT only the positions whose prize is $1,000 or more', () => {
    const prizes = facts({ winners: 4, prizeValues: [500_000, 100_000, 99_999, 20_000], maxPrizeValue: 500_000 })
    expect(actPublishedPositions(prizes)).toEqual([1, 2])
    expect(winnerPublicationsOf({ stateAct: true, stateSa: true, prizes, finalDrawDate: '2027-03-01', prizePublicationDateACT: null, ranAt })).toEqual([
      { state: 'ACT', publishAt: new Date('2027-03-07T22:00:00.000Z'), positions: [1, 2] }, // 7 days after the final draw, 09:00 in Canberra
      { state: 'SA', publishAt: ranAt, positions: [1, 2, 3, 4] },
    ])
  })

  it('publishes nothing for ACT when no single prize reaches $1,000, even when the pool does', () => {
    const prizes = facts({ winners: 5, prizeValues: [90_000, 90_000, 90_000, 90_000, 90_000], maxPrizeValue: 90_000 })
    expect(winnerPublicationsOf({ stateAct: true, stateSa: false, prizes, finalDrawDate: '2027-03-01', prizePublicationDateACT: null, ranAt })).toEqual([])
  })

  it('takes the application’s largest prize for a one-prize draw, and the ACT publication date when given', () => {
    expect(prizeValueAt(1, facts({ winners: 1, maxPrizeValue: 150_000 }))).toBe(150_000)
    expect(actPublishedPositions(facts({ winners: 1, maxPrizeValue: 99_999 }))).toEqual([])
    const [act] = winnerPublicationsOf({
      stateAct: true,
      stateSa: false,
      prizes: facts({ winners: 1, maxPrizeValue: 150_000 }),
      finalDrawDate: '2027-03-01',
      prizePublicationDateACT: '2027-03-20',
      ranAt,
    })
    expect(act).toEqual({ state: 'ACT', publishAt: new Date('2027-03-19T22:00:00.000Z'), positions: [1] })
  })

  it('counts a prize of unknown value only when it could reach $1,000', () => {
    // Values given for the first two positions only: the third is not known.
    expect(actPublishedPositions(facts({ prizeValues: [200_000, 5_000], maxPrizeValue: 200_000 }))).toEqual([1, 3])
    expect(actPublishedPositions(facts({ prizeValues: [null, 5_000], maxPrizeValue: 80_000 }))).toEqual([])
    expect(actPublishedPositions(facts({ maxPrizeValue: null }))).toEqual([1, 2, 3])
    // A redraw's position 1 is an unclaimed prize, not necessarily the largest one.
    expect(prizeValueAt(1, facts({ winners: 1, isRedraw: true, maxPrizeValue: 150_000 }))).toBeNull()
  })

  it('lists nobody for ACT when the prizes that can be won in ACT total under $1,000', () => {
    expect(actPublishedPositions(facts({ prizeValues: [200_000, 200_000, 200_000], maxPrizeValue: 200_000, prizeValueACT: 99_999 }))).toEqual([])
    expect(actPublishedPositions(facts({ prizeValues: [200_000, 50_000, 200_000], maxPrizeValue: 200_000, prizeValueACT: 100_000 }))).toEqual([1, 3])
  })

  it('publishes a past ACT date at the run, not before it', () => {
    const [act] = winnerPublicationsOf({
      stateAct: true,
      stateSa: false,
      prizes: facts({ winners: 1, maxPrizeValue: 150_000 }),
      finalDrawDate: null,
      prizePublicationDateACT: '2027-01-01',
      ranAt,
    })
    expect(act!.publishAt).toEqual(ranAt)
  })
})
