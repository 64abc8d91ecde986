import { addDays, isValidIsoDate, sydneyInstant } from '../dates/calendar';

/** The instant of a Sydney date and time from the application, or null when either is missing or malformed. */
export function drawInstant(date: string | null | undefined, time: string | null | undefined = '00:00'): Date | null {
  if (!date || !isValidIsoDate(date) || !/^([01]?\d|2[0-3]):[0-5]\d$/.test(time ?? '00:00')) return null;
  return sydneyInstant(date, time ?? '00:00');
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
    const at = drawInstant(date, '09:00');
    out.push({ state: 'ACT', publishAt: at && at > input.ranAt ? at : input.ranAt });
  }
  if (input.stateSa) out.push({ state: 'SA', publishAt: input.ranAt });
  return out;
}
