import { addDays, parseIsoDate, sydneyInstant, type IsoDate } from '../dates/calendar';

/**
 * The instant of a Sydney wall-clock date and time (`2027-03-01`, `14:00`), or null when the
 * application's text is not a date and a time: the application's dates are Sydney dates.
 */
export function sydneyInstantOrNull(date: string, time = '00:00'): Date | null {
  if (!parseIsoDate(date) || !/^\d{1,2}:\d{2}$/.test(time)) return null;
  return sydneyInstant(date as IsoDate, time);
}

/** When a draw's winners are published (issue 15 winner publication). */
export type WinnerPublication = { state: 'ACT' | 'SA'; publishAt: Date };

/**
 * ACT: winners of prizes of $1,000 or more, by the application's ACT publication date (default 7
 * days after the final draw). SA: initials and postcode within 30 days of the draw: we publish
 * at once.
 */
export function winnerPublicationsOf(input: {
  stateAct: boolean;
  stateSa: boolean;
  /** Cents. */
  maxPrizeValue: number | null | undefined;
  finalDrawDate: string | null | undefined;
  prizePublicationDateACT: string | null | undefined;
  ranAt: Date;
}): WinnerPublication[] {
  const out: WinnerPublication[] = [];
  if (input.stateAct && (input.maxPrizeValue ?? 0) >= 100_000) {
    const date = input.prizePublicationDateACT ?? (input.finalDrawDate ? addDays(input.finalDrawDate as never, 7) : null);
    const at = date ? sydneyInstantOrNull(date, '09:00') : null;
    out.push({ state: 'ACT', publishAt: at && at > input.ranAt ? at : input.ranAt });
  }
  if (input.stateSa) out.push({ state: 'SA', publishAt: input.ranAt });
  return out;
}
