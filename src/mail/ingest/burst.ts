/**
 * How fast this instance is accepting mail, over the last tenth of a second: the intake's processors hold back while
 * a burst arrives (INTAKE_BURST_RATE), so that the two cores go to acknowledging it first (src/mail/ingest/intake.ts).
 *
 * A sliding window of two fixed ones, as rate limiters count: the current window's acceptances plus the previous
 * window's, weighted by how much of it still lies within the last `windowMs`. Two numbers, whatever the rate.
 */
export interface AcceptanceRate {
  /** Counts one acceptance at `now` (ms). */
  note(now: number): void;
  /** Acceptances a second over the last window, at `now` (ms). */
  perSecond(now: number): number;
}

export function acceptanceRate(windowMs = 100): AcceptanceRate {
  let start = 0;
  let current = 0;
  let previous = 0;
  /** Moves the windows on to the one holding `now`. */
  const advance = (now: number) => {
    const elapsed = now - start;
    if (elapsed < windowMs) return;
    // The window that just ended becomes the previous one; after a longer pause both are empty.
    previous = elapsed < 2 * windowMs ? current : 0;
    current = 0;
    start = now - (elapsed % windowMs);
  };
  return {
    note(now) {
      advance(now);
      current++;
    },
    perSecond(now) {
      advance(now);
      const weight = 1 - (now - start) / windowMs;
      return ((previous * weight + current) * 1000) / windowMs;
    },
  };
}
