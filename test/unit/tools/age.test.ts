import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/platform/errors.js';
import { calculateAge } from '../../../src/tools/age.js';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

const d = (s: string) => dayjs.utc(s, 'YYYY-MM-DD', true);

function ymd(birth: string, ref: string) {
  const r = calculateAge(birth, ref);
  return [r.years, r.months, r.days];
}

function catchError(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return err as DomainError;
  }
  throw new Error('expected an error');
}

/** Epoch ms of a YYYY-MM-DD date (also year 10000), computed without dayjs. */
function utcMs(s: string): number {
  const [y, m, day] = s.split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, day);
  return date.getTime();
}

/** Days between two YYYY-MM-DD dates, computed without dayjs. */
function daysBetween(a: string, b: string): number {
  return Math.round((utcMs(b) - utcMs(a)) / 86_400_000);
}

describe('calculateAge: known cases', () => {
  it('1990-05-15 the day before, on and after the 34th birthday', () => {
    const before = calculateAge('1990-05-15', '2024-05-14');
    expect([before.years, before.months, before.days]).toEqual([33, 11, 29]);
    expect(before.nextBirthday).toEqual({ days: 1, date: '2024-05-15' });

    const on = calculateAge('1990-05-15', '2024-05-15');
    expect([on.years, on.months, on.days]).toEqual([34, 0, 0]);
    expect(on.nextBirthday).toEqual({ days: 0, date: '2024-05-15' });

    const after = calculateAge('1990-05-15', '2024-05-16');
    expect([after.years, after.months, after.days]).toEqual([34, 0, 1]);
    expect(after.nextBirthday).toEqual({ days: 364, date: '2025-05-15' });
  });

  it('echoes both dates and computes totals', () => {
    const r = calculateAge('1990-05-15', '2024-05-15');
    expect(r.birthDate).toBe('1990-05-15');
    expect(r.referenceDate).toBe('2024-05-15');
    // 34 × 365 + 9 leap days (1992 … 2024).
    expect(r.totalDays).toBe(12419);
    expect(r.totalWeeks).toBe(1774);
    expect(r.totalMonths).toBe(408);
    expect(r.zodiacSign).toBe('Taurus');
    expect(r.dayOfWeek).toBe('Tuesday');

    const short = calculateAge('2024-01-01', '2024-01-14');
    expect([short.totalDays, short.totalWeeks, short.totalMonths]).toEqual([13, 1, 0]);
    const month = calculateAge('2024-01-15', '2024-03-14');
    expect([month.years, month.months, month.days]).toEqual([0, 1, 28]);
    expect([month.totalDays, month.totalWeeks, month.totalMonths]).toEqual([59, 8, 1]);
  });

  it('same day: everything zero and the birthday is today', () => {
    const r = calculateAge('2024-05-15', '2024-05-15');
    expect(r).toMatchObject({ years: 0, months: 0, days: 0, totalDays: 0, totalWeeks: 0, totalMonths: 0 });
    expect(r.nextBirthday).toEqual({ days: 0, date: '2024-05-15' });
  });

  it('29 February births observe the birthday on 28 February in common years', () => {
    // 2001: turns 1 on 28 February.
    expect(ymd('2000-02-29', '2001-02-27')).toEqual([0, 11, 29]);
    expect(calculateAge('2000-02-29', '2001-02-27').nextBirthday).toEqual({ days: 1, date: '2001-02-28' });
    expect(ymd('2000-02-29', '2001-02-28')).toEqual([1, 0, 0]);
    expect(calculateAge('2000-02-29', '2001-02-28').nextBirthday).toEqual({ days: 0, date: '2001-02-28' });
    expect(ymd('2000-02-29', '2001-03-01')).toEqual([1, 0, 1]);
    expect(calculateAge('2000-02-29', '2001-03-01').nextBirthday).toEqual({ days: 364, date: '2002-02-28' });

    // 2003: turns 3 on 28 February.
    expect(ymd('2000-02-29', '2003-02-28')).toEqual([3, 0, 0]);
    expect(calculateAge('2000-02-29', '2003-02-28').nextBirthday).toEqual({ days: 0, date: '2003-02-28' });
    expect(ymd('2000-02-29', '2003-03-01')).toEqual([3, 0, 1]);
    expect(calculateAge('2000-02-29', '2003-03-01').nextBirthday).toEqual({ days: 365, date: '2004-02-29' });

    // 2004 is a leap year: turns 4 on 29 February; 28 February is 3 years 11 months 30 days, as relativedelta
    // counts it (2000-02-29 + 47 months = 2004-01-29, clamped once), not 31 (a clamped 2003-02-28 carried on).
    expect(ymd('2000-02-29', '2004-02-28')).toEqual([3, 11, 30]);
    expect(calculateAge('2000-02-29', '2004-02-28').nextBirthday).toEqual({ days: 1, date: '2004-02-29' });
    expect(ymd('2000-02-29', '2004-02-29')).toEqual([4, 0, 0]);
    expect(calculateAge('2000-02-29', '2004-02-29').nextBirthday).toEqual({ days: 0, date: '2004-02-29' });
    expect(calculateAge('2000-02-29', '2004-02-29').totalMonths).toBe(48);
    expect(ymd('2000-02-29', '2004-03-01')).toEqual([4, 0, 1]);
  });

  it('month-end clamping: 2020-01-31 + 1 month is 2020-02-29', () => {
    expect(ymd('2020-01-31', '2020-02-28')).toEqual([0, 0, 28]);
    expect(ymd('2020-01-31', '2020-02-29')).toEqual([0, 1, 0]);
    expect(ymd('2020-01-31', '2020-03-01')).toEqual([0, 1, 1]);
    expect(ymd('2020-01-31', '2020-03-30')).toEqual([0, 1, 30]);
    expect(ymd('2020-01-31', '2020-03-31')).toEqual([0, 2, 0]);
    expect(ymd('2021-01-31', '2021-02-28')).toEqual([0, 1, 0]);
  });

  it('handles the ends of the supported range', () => {
    const r = calculateAge('1000-01-01', '9999-12-31');
    expect([r.years, r.months, r.days]).toEqual([8999, 11, 30]);
    expect(r.totalDays).toBe(daysBetween('1000-01-01', '9999-12-31'));
    // The next birthday would be 10000-01-01: there is no such date here, so it is null (declared in the spec).
    expect(r.nextBirthday).toBeNull();
    expect(calculateAge('1000-01-01', '9999-01-01').nextBirthday).toEqual({ days: 0, date: '9999-01-01' });
  });

  it('agrees with python-dateutil relativedelta on leap-day and month-end births', () => {
    // Values as relativedelta(ref, birth) gives them (years, months, days).
    const cases: Array<[string, string, [number, number, number]]> = [
      ['1908-02-29', '1972-02-28', [63, 11, 30]],
      ['1908-02-29', '1972-02-29', [64, 0, 0]],
      ['1908-02-29', '1973-02-28', [65, 0, 0]],
      ['2000-02-29', '2000-03-28', [0, 0, 28]],
      ['2000-02-29', '2000-03-29', [0, 1, 0]],
      ['2000-02-29', '2001-02-28', [1, 0, 0]],
      ['2000-02-29', '2001-03-28', [1, 0, 28]],
      ['2000-02-29', '2001-03-29', [1, 1, 0]],
      ['2000-01-31', '2000-02-29', [0, 1, 0]],
      ['2000-01-31', '2000-03-30', [0, 1, 30]],
      ['2000-01-31', '2001-02-28', [1, 1, 0]],
      ['1999-03-31', '2000-02-29', [0, 11, 0]],
      ['2000-05-31', '2000-06-30', [0, 1, 0]],
    ];
    for (const [birth, ref, expected] of cases) expect(ymd(birth, ref), `${birth} → ${ref}`).toEqual(expected);
  });
});

describe('calculateAge: zodiac signs', () => {
  const boundaries: Array<[string, string, string]> = [
    ['Aries', '03-21', '04-19'],
    ['Taurus', '04-20', '05-20'],
    ['Gemini', '05-21', '06-20'],
    ['Cancer', '06-21', '07-22'],
    ['Leo', '07-23', '08-22'],
    ['Virgo', '08-23', '09-22'],
    ['Libra', '09-23', '10-22'],
    ['Scorpio', '10-23', '11-21'],
    ['Sagittarius', '11-22', '12-21'],
    ['Capricorn', '12-22', '01-19'],
    ['Aquarius', '01-20', '02-18'],
    ['Pisces', '02-19', '03-20'],
  ];
  for (const [sign, first, last] of boundaries) {
    it(`${sign}: ${first} to ${last}`, () => {
      expect(calculateAge(`2001-${first}`, '2024-06-01').zodiacSign).toBe(sign);
      expect(calculateAge(`2001-${last}`, '2024-06-01').zodiacSign).toBe(sign);
    });
  }

  it('29 February is Pisces, 1 January is Capricorn', () => {
    expect(calculateAge('2000-02-29', '2024-06-01').zodiacSign).toBe('Pisces');
    expect(calculateAge('2000-01-01', '2024-06-01').zodiacSign).toBe('Capricorn');
    expect(calculateAge('2000-12-31', '2024-06-01').zodiacSign).toBe('Capricorn');
  });

  it('every day of a leap year gets the sign of its range', () => {
    let date = d('2000-01-01');
    while (date.year() === 2000) {
      const md = date.format('MM-DD');
      const expected = boundaries.find(([, first, last]) =>
        first <= last ? md >= first && md <= last : md >= first || md <= last,
      )?.[0];
      expect(calculateAge(date.format('YYYY-MM-DD'), '2024-06-01').zodiacSign, md).toBe(expected);
      date = date.add(1, 'day');
    }
  });
});

describe('calculateAge: dayOfWeek', () => {
  it('names the weekday of the birth date in English', () => {
    const cases: Array<[string, string]> = [
      ['2000-01-01', 'Saturday'],
      ['1969-07-20', 'Sunday'],
      ['1990-05-14', 'Monday'],
      ['2024-05-15', 'Wednesday'],
      ['2024-02-29', 'Thursday'],
      ['2001-09-14', 'Friday'],
      ['1000-01-01', 'Wednesday'], // proleptic Gregorian
      ['9999-12-31', 'Friday'],
    ];
    for (const [date, weekday] of cases) {
      expect(calculateAge(date, '9999-12-31').dayOfWeek, date).toBe(weekday);
    }
  });
});

describe('calculateAge: validation', () => {
  const badForms = [
    '2023-02-30',
    '2023-2-3',
    '20230203',
    '2023-13-01',
    '2023-00-10',
    '2023-01-00',
    '2023-04-31',
    '2001-02-29',
    '2023/02/03',
    '03-02-2023',
    ' 2023-02-03',
    '2023-02-03 ',
    '2023-02-03T00:00:00Z',
    '+2023-02-03',
    '12023-02-03',
    '',
    'today',
  ];

  it('rejects every malformed birthDate naming birthDate', () => {
    for (const value of badForms) {
      const err = catchError(() => calculateAge(value, '2024-01-01'));
      expect(err.code, value).toBe('validation_error');
      expect(err.message, value).toBe('birthDate must be a real calendar date in YYYY-MM-DD form');
    }
  });

  it('rejects every malformed referenceDate naming referenceDate', () => {
    for (const value of badForms) {
      const err = catchError(() => calculateAge('1000-01-01', value));
      expect(err.code, value).toBe('validation_error');
      expect(err.message, value).toBe('referenceDate must be a real calendar date in YYYY-MM-DD form');
    }
  });

  it('accepts years 1000 to 9999 only', () => {
    expect(catchError(() => calculateAge('0999-12-31', '2024-01-01')).message).toBe(
      'birthDate must have a year from 1000 to 9999',
    );
    expect(catchError(() => calculateAge('0000-01-01', '2024-01-01')).message).toBe(
      'birthDate must have a year from 1000 to 9999',
    );
    expect(catchError(() => calculateAge('1000-01-01', '0999-01-01')).message).toBe(
      'referenceDate must have a year from 1000 to 9999',
    );
    expect(calculateAge('1000-01-01', '1000-01-01').years).toBe(0);
  });

  it('rejects a referenceDate before birthDate', () => {
    const err = catchError(() => calculateAge('2024-05-15', '2024-05-14'));
    expect(err.code).toBe('validation_error');
    expect(err.message).toBe('referenceDate must not be before birthDate');
  });
});

describe('calculateAge: default referenceDate', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('uses the UTC date of `now`', () => {
    // 23:30 in New York on 15 May is already 16 May in UTC.
    const r = calculateAge('1990-05-15', undefined, new Date('2024-05-15T23:30:00-04:00'));
    expect(r.referenceDate).toBe('2024-05-16');
    expect([r.years, r.months, r.days]).toEqual([34, 0, 1]);
    const early = calculateAge('1990-05-15', undefined, new Date('2024-05-15T00:00:00Z'));
    expect(early.referenceDate).toBe('2024-05-15');
    expect(early.nextBirthday?.days).toBe(0);
  });

  it('defaults `now` to the current time', () => {
    const today = new Date().toISOString().slice(0, 10);
    const r = calculateAge('2000-01-01');
    // Guard against the test straddling midnight UTC.
    expect([today, new Date().toISOString().slice(0, 10)]).toContain(r.referenceDate);
  });

  it('rejects a birthDate after today', () => {
    const err = catchError(() => calculateAge('2024-05-16', undefined, new Date('2024-05-15T12:00:00Z')));
    expect(err.code).toBe('validation_error');
    expect(err.message).toMatch(/^birthDate must not be in the future/);
  });

  it('does not depend on the local time zone', () => {
    const run = () => [
      calculateAge('2000-02-29', '2004-02-28'),
      calculateAge('1990-05-15', undefined, new Date('2024-05-15T23:30:00-04:00')),
      calculateAge('2020-01-31', '2020-03-30'),
      calculateAge('2024-03-10', '2024-11-03'), // spans US DST changes
    ];
    process.env.TZ = 'UTC';
    const expected = run();
    for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York', 'Australia/Lord_Howe']) {
      process.env.TZ = tz;
      expect(run(), tz).toEqual(expected);
    }
  });
});

describe('calculateAge: property test', () => {
  /** mulberry32: small deterministic PRNG so failures are reproducible. */
  function rng(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const START = d('1000-01-01');
  const SPAN = d('9999-12-31').diff(START, 'day');
  const SPECIAL_DAYS = ['02-28', '02-29', '03-01', '01-31', '03-31', '04-30', '12-31', '01-01'];

  function randomDate(next: () => number): dayjs.Dayjs {
    const r = next();
    if (r < 0.3) {
      // Bias towards month ends and 29 February, where clamping matters.
      for (;;) {
        const year = 1000 + Math.floor(next() * 9000);
        const candidate = `${year}-${SPECIAL_DAYS[Math.floor(next() * SPECIAL_DAYS.length)]}`;
        const parsed = d(candidate);
        if (parsed.isValid()) return parsed;
      }
    }
    return START.add(Math.floor(next() * (SPAN + 1)), 'day');
  }

  it('birth + years + months + days == reference, with maximal years and months, over 3000 random pairs', () => {
    const next = rng(20240515);
    for (let i = 0; i < 3000; i++) {
      let a = randomDate(next);
      // Mix long spans with short ones (same year / within a few months).
      let b = next() < 0.5 ? randomDate(next) : a.add(Math.floor(next() * 800), 'day');
      if (b.year() > 9999) b = d('9999-12-31');
      if (b.isBefore(a)) [a, b] = [b, a];
      const birth = a.format('YYYY-MM-DD');
      const ref = b.format('YYYY-MM-DD');
      const r = calculateAge(birth, ref);
      const label = `${birth} → ${ref}: ${JSON.stringify(r)}`;

      expect(r.birthDate, label).toBe(birth);
      expect(r.referenceDate, label).toBe(ref);
      expect(r.years, label).toBeGreaterThanOrEqual(0);
      expect(r.months, label).toBeGreaterThanOrEqual(0);
      expect(r.months, label).toBeLessThanOrEqual(11);
      expect(r.days, label).toBeGreaterThanOrEqual(0);
      expect(r.days, label).toBeLessThanOrEqual(31);

      // relativedelta's identity: birth + totalMonths months (one step, clamped once) + days == reference.
      expect(r.totalMonths, label).toBe(r.years * 12 + r.months);
      const anchor = a.add(r.totalMonths, 'month');
      expect(anchor.add(r.days, 'day').format('YYYY-MM-DD'), label).toBe(ref);
      // Maximality: one more month would overshoot.
      expect(a.add(r.totalMonths + 1, 'month').isAfter(b), label).toBe(true);

      // Totals.
      expect(r.totalDays, label).toBe(daysBetween(birth, ref));
      expect(r.totalWeeks, label).toBe(Math.floor(r.totalDays / 7));
      expect(r.totalMonths, label).toBe(r.years * 12 + r.months);

      // Next birthday: birth + N years (N >= 0), on or after ref, and the first such.
      if (r.nextBirthday === null) {
        // Only when the next birthday would be after 9999-12-31.
        expect(a.add(r.years + 1, 'year').year(), label).toBeGreaterThan(9999);
        continue;
      }
      const nb = dayjs.utc(utcMs(r.nextBirthday.date));
      const n = nb.year() - a.year();
      expect(a.add(n, 'year').isSame(nb, 'day'), label).toBe(true);
      expect(nb.isBefore(b), label).toBe(false);
      if (n > 0) expect(a.add(n - 1, 'year').isBefore(b), label).toBe(true);
      expect(r.nextBirthday.days, label).toBe(daysBetween(ref, r.nextBirthday.date));
      expect(r.nextBirthday.days === 0, label).toBe(r.months === 0 && r.days === 0);
    }
  });
});

describe('calculateAge against an independent relativedelta', () => {
  /** python-dateutil's relativedelta(ref, birth) in plain integer arithmetic (no date library), for dates ref >= birth. */
  function relativedelta(birth: string, ref: string): [number, number, number] {
    const [by, bm, bd] = birth.split('-').map(Number);
    const [ry, rm, rd] = ref.split('-').map(Number);
    const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
    const plusMonths = (n: number): [number, number, number] => {
      const y = by + Math.floor((bm - 1 + n) / 12);
      const m = ((bm - 1 + n) % 12) + 1;
      return [y, m, Math.min(bd, daysIn(y, m))];
    };
    const dayNumber = ([y, m, d]: [number, number, number]) => Date.UTC(y, m - 1, d) / 86_400_000;
    let total = (ry - by) * 12 + (rm - bm);
    while (dayNumber(plusMonths(total)) > dayNumber([ry, rm, rd])) total--;
    return [Math.floor(total / 12), total % 12, dayNumber([ry, rm, rd]) - dayNumber(plusMonths(total))];
  }
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it('agrees for every 29 February birth from 1904 to 2096, on each day of January to April 63 and 64 years on', () => {
    let compared = 0;
    for (let year = 1904; year <= 2096; year += 4) {
      const birth = `${year}-02-29`;
      for (const later of [63, 64]) {
        for (let t = Date.UTC(year + later, 0, 1); t <= Date.UTC(year + later, 3, 30); t += 86_400_000) {
          const ref = iso(t);
          expect(ymd(birth, ref), `${birth} → ${ref}`).toEqual(relativedelta(birth, ref));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('agrees for month-end births (29th to 31st) against every day of the following 14 months', () => {
    for (const birth of ['2001-01-29', '2001-01-30', '2001-01-31', '2003-08-31', '2004-01-31', '2004-03-31', '2004-10-30']) {
      const start = Date.parse(`${birth}T00:00:00Z`);
      for (let t = start; t <= start + 430 * 86_400_000; t += 86_400_000) {
        const ref = iso(t);
        expect(ymd(birth, ref), `${birth} → ${ref}`).toEqual(relativedelta(birth, ref));
      }
    }
  });
});
