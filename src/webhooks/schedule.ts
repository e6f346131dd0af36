/**
 * When failed attempts are retried and when a failing webhook is switched off. The spec's `webhooks` tag and the
 * README quote these numbers; change them together.
 */

/** Waits after the 1st, 2nd, … failed attempt of a delivery: 9 attempts over about 28 hours in all. */
export const RETRY_DELAYS_SECONDS = [5, 60, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** Each wait is stretched or shrunk at random by up to this fraction, so retries of many deliveries that failed
 * together (a receiver outage) do not come back together. */
export const RETRY_JITTER = 0.2;

/** A webhook is disabled at the first failure once its attempts have all failed for this long. */
export const DISABLE_AFTER_FAILING_MS = 24 * 3600 * 1000;

/** Finished deliveries (and their attempts) are kept this long for the delivery log. */
export const DELIVERY_LOG_RETENTION_MS = 7 * 24 * 3600 * 1000;

/**
 * When the next attempt is due after `roundAttempts` failed attempts (counted since the delivery was queued or
 * requeued), or null when the schedule is used up and the delivery has failed. `random` is in [0, 1).
 */
export function nextAttemptAt(now: Date, roundAttempts: number, random: () => number = Math.random): Date | null {
  const base = RETRY_DELAYS_SECONDS[roundAttempts - 1];
  if (base === undefined) return null;
  const factor = 1 - RETRY_JITTER + 2 * RETRY_JITTER * random();
  return new Date(now.getTime() + Math.round(base * 1000 * factor));
}
