import { addDays, parseIsoDate, sydneyParts } from '../dates/calendar';

/**
 * The instant of a Sydney wall-clock date and time (`2027-03-01`, `14:00`): the application's
 * dates are Sydney dates (shared/README.md). Daylight saving is found by asking the clock twice.
 */
export function sydneyInstant(date: string, time = '00:00'): Date | null {
  const d = parseIsoDate(date);
  const t = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wanted = Date.UTC(d.year, d.month - 1, d.day, Number(t[1]), Number(t[2]));
  let guess = wanted - 10 * 3_600_000;
  for (let i = 0; i < 3; i++) {
    const p = sydneyParts(new Date(guess));
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    if (shown === wanted) break;
    guess += wanted - shown;
  }
  return new Date(guess);
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
    const at = date ? sydneyInstant(date, '09:00') : null;
    out.push({ state: 'ACT', publishAt: at && at > input.ranAt ? at : input.ranAt });
  }
  if (input.stateSa) out.push({ state: 'SA', publishAt: input.ranAt });
  return out;
}
