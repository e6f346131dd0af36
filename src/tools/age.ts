import type { components } from '../../generated/schema.js';
/**
 * Age calculator rules.
 *
 * - birthDate and referenceDate are strict `YYYY-MM-DD` calendar dates in the proleptic Gregorian calendar, with a
 *   year from 1000 to 9999. Anything else (`2023-02-30`, `2023-2-3`, `20230203`, `2023-13-01`, surrounding spaces,
 *   a time part) is rejected with validation_error naming the parameter.
 * - referenceDate defaults to today's date in UTC. It must not be before birthDate (same day is allowed: age 0).
 * - All arithmetic is done on UTC calendar dates; local time zones never matter.
 * - Adding years or months clamps to the end of the month when the day does not exist (31 January + 1 month =
 *   28/29 February). In particular, someone born on 29 February observes their birthday on 28 February in
 *   common years: born 2000-02-29, they turn 1 on 2001-02-28 and 4 on 2004-02-29.
 * - years/months/days is the calendar difference: `years` is the largest number of years with
 *   birthDate + years ≤ referenceDate; then `months` (0–11) is the largest number of months with
 *   (birthDate + years) + months ≤ referenceDate; `days` is what remains. So
 *   birthDate + years, then + months, then + days (each step clamping as above) equals referenceDate.
 *   Example: 2020-01-31 → 2020-02-29 is 0 years 1 month 0 days, because 2020-01-31 + 1 month clamps to
 *   2020-02-29 (and 2020-01-31 → 2020-02-28 is 0 years 0 months 28 days). Because of the 29 February rule, the
 *   days just before a leap-year birthday can show 11 months and more than 30 days (born 2000-02-29, on
 *   2004-02-28: 3 years 11 months 31 days, since 2003-02-28 + 11 months = 2004-01-28).
 * - totalDays is the number of days between the two dates; totalWeeks = floor(totalDays / 7); totalMonths is the
 *   number of whole months, years × 12 + months.
 * - nextBirthday is the first birthday (birthDate + N years, N ≥ 0, with the 29 February rule) on or after
 *   referenceDate: if referenceDate is a birthday (or the birth date itself), days is 0 and date is referenceDate.
 *   It may fall in year 10000 when referenceDate is late in 9999.
 * - zodiacSign is the Western tropical sign of the birth date: Aries Mar 21–Apr 19, Taurus Apr 20–May 20,
 *   Gemini May 21–Jun 20, Cancer Jun 21–Jul 22, Leo Jul 23–Aug 22, Virgo Aug 23–Sep 22, Libra Sep 23–Oct 22,
 *   Scorpio Oct 23–Nov 21, Sagittarius Nov 22–Dec 21, Capricorn Dec 22–Jan 19, Aquarius Jan 20–Feb 18,
 *   Pisces Feb 19–Mar 20.
 * - dayOfWeek is the English weekday name of the birth date, e.g. "Monday".
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { invalid } from '../platform/errors.js';

dayjs.extend(utc);

/** What the age calculator answers: the spec's AgeData. */
export type AgeResult = components['schemas']['AgeData'];
export type ZodiacSign = AgeResult['zodiacSign'];
export type DayOfWeek = AgeResult['dayOfWeek'];

const WEEKDAYS: readonly DayOfWeek[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const STRICT_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date by its components (month 1–12). */
interface Ymd {
  y: number;
  m: number;
  d: number;
}

/**
 * A strict `YYYY-MM-DD` date read from its digits (dayjs's customParseFormat parsed each date, and formatted it back
 * to compare, at a quarter of a Tools call's time).
 */
function parseDate(value: unknown, name: string): Ymd {
  const m = typeof value === 'string' ? STRICT_DATE.exec(value) : null;
  if (!m) throw invalid(`${name} must be a real calendar date in YYYY-MM-DD form`);
  const [y, month, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1000) throw invalid(`${name} must have a year from 1000 to 9999`);
  if (month < 1 || month > 12 || d < 1 || d > daysInMonth(y, month)) {
    throw invalid(`${name} must be a real calendar date in YYYY-MM-DD form`);
  }
  return { y, m: month, d };
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one (years ≥ 1000, so Date.UTC's 1900s mapping never applies).
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days since 1970-01-01 (UTC): differences and comparisons of dates are differences of these. */
function epochDay(date: Ymd): number {
  return Date.UTC(date.y, date.m - 1, date.d) / 86_400_000;
}

/** `date` + `n` months in one step, the day clamped to the end of the month, as dayjs's add(n, 'month') does. */
function addMonths(date: Ymd, n: number): Ymd {
  const index = date.m - 1 + n;
  const y = date.y + Math.floor(index / 12);
  const m = (((index % 12) + 12) % 12) + 1;
  return { y, m, d: Math.min(date.d, daysInMonth(y, m)) };
}

/** YYYY-MM-DD of a date, from its components. */
function formatDate(date: Ymd): string {
  return `${String(date.y).padStart(4, '0')}-${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}`;
}

/** [sign, month, day] of each sign's first day, in calendar order. */
const ZODIAC_STARTS: ReadonlyArray<readonly [ZodiacSign, number, number]> = [
  ['Aquarius', 1, 20],
  ['Pisces', 2, 19],
  ['Aries', 3, 21],
  ['Taurus', 4, 20],
  ['Gemini', 5, 21],
  ['Cancer', 6, 21],
  ['Leo', 7, 23],
  ['Virgo', 8, 23],
  ['Libra', 9, 23],
  ['Scorpio', 10, 23],
  ['Sagittarius', 11, 22],
  ['Capricorn', 12, 22],
];

/** Western tropical zodiac sign for a month (1–12) and day. */
export function zodiacSignFor(month: number, day: number): ZodiacSign {
  let sign: ZodiacSign = 'Capricorn'; // 1 Jan – 19 Jan continues December's sign
  for (const [name, m, d] of ZODIAC_STARTS) {
    if (month > m || (month === m && day >= d)) sign = name;
  }
  return sign;
}

/**
 * The arithmetic works on date components (year, month, day) and epoch days: dayjs's add, diff and comparisons
 * cloned and re-normalised a date object at every step, about 40 % of a Tools call. dayjs (UTC) builds the birth
 * date once for its weekday. test/unit/tools/age.test.ts checks the results against relativedelta semantics.
 */
export function calculateAge(birthDate: string, referenceDate?: string, now: Date = new Date()): AgeResult {
  const birth = parseDate(birthDate, 'birthDate');
  let ref: Ymd;
  if (referenceDate === undefined) {
    if (Number.isNaN(now.getTime())) throw new Error('calculateAge: now is not a valid Date');
    ref = { y: now.getUTCFullYear(), m: now.getUTCMonth() + 1, d: now.getUTCDate() };
    if (epochDay(ref) < epochDay(birth)) {
      throw invalid(`birthDate must not be in the future (today is ${formatDate(ref)} UTC)`);
    }
  } else {
    ref = parseDate(referenceDate, 'referenceDate');
    if (epochDay(ref) < epochDay(birth)) throw invalid('referenceDate must not be before birthDate');
  }
  const refDay = epochDay(ref);

  // relativedelta(ref, birth): the most months that, added to the birth date in ONE step (the day clamped once),
  // do not pass ref; the days are counted from there. Adding years first and months after would carry a clamped
  // 28 February into later months.
  let totalMonths = (ref.y - birth.y) * 12 + (ref.m - birth.m);
  let anchor = addMonths(birth, totalMonths);
  while (epochDay(anchor) > refDay) anchor = addMonths(birth, --totalMonths);
  const years = Math.floor(totalMonths / 12);
  const months = totalMonths % 12;
  const days = refDay - epochDay(anchor);

  const totalDays = refDay - epochDay(birth);
  const thisYears = addMonths(birth, years * 12);
  const next = epochDay(thisYears) === refDay ? thisYears : addMonths(birth, (years + 1) * 12);

  return {
    birthDate: formatDate(birth),
    referenceDate: formatDate(ref),
    years,
    months,
    days,
    totalDays,
    totalWeeks: Math.floor(totalDays / 7),
    totalMonths,
    // Dates stop at 9999-12-31: a later birthday has no YYYY-MM-DD form.
    nextBirthday: next.y > 9999 ? null : { days: epochDay(next) - refDay, date: formatDate(next) },
    zodiacSign: zodiacSignFor(birth.m, birth.d),
    dayOfWeek: WEEKDAYS[dayjs.utc(Date.UTC(birth.y, birth.m - 1, birth.d)).day()],
  };
}
