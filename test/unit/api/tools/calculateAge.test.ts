import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { makeTestApp, type TestApp } from '../../../helpers/app.js';

dayjs.extend(utc);

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ url: `/api/tools/age-calculator?${query}`, headers: { 'x-api-key': t.toolsKey } });

describe('calculateAge', () => {
  it('answers the documented fields by calendar arithmetic', async () => {
    const res = await get('birthDate=1990-05-15&referenceDate=2024-05-16');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        birthDate: '1990-05-15',
        referenceDate: '2024-05-16',
        years: 34,
        months: 0,
        days: 1,
        totalDays: 12420,
        totalWeeks: 1774,
        totalMonths: 408,
        nextBirthday: { days: 364, date: '2025-05-15' },
        zodiacSign: 'Taurus',
        dayOfWeek: 'Tuesday',
      },
    });
  });

  it('defaults referenceDate to today in UTC', async () => {
    const today = dayjs.utc().format('YYYY-MM-DD');
    const res = await get('birthDate=2000-01-01');
    expect(res.json().data.referenceDate).toBe(today);
  });

  it('observes 29 February birthdays on 28 February in common years', async () => {
    const res = await get('birthDate=2000-02-29&referenceDate=2001-02-28');
    expect(res.json().data).toMatchObject({ years: 1, months: 0, days: 0, nextBirthday: { days: 0, date: '2001-02-28' } });
    const before = await get('birthDate=2000-02-29&referenceDate=2001-02-27');
    expect(before.json().data).toMatchObject({ years: 0, months: 11, nextBirthday: { days: 1, date: '2001-02-28' } });
  });

  it('takes the parameters in a JSON body too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/age-calculator',
      headers: { 'x-api-key': t.toolsKey },
      payload: { birthDate: '2000-01-01', referenceDate: '2000-01-01' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ years: 0, months: 0, days: 0, totalDays: 0, nextBirthday: { days: 0 } });
  });

  it.each([
    ['', /birthDate is required/],
    ['birthDate=2023-02-30', /birthDate/],
    ['birthDate=2023-2-3', /birthDate/],
    ['birthDate=20230203', /birthDate/],
    ['birthDate=2023-13-01', /birthDate/],
    ['birthDate=0999-01-01', /birthDate/],
    ['birthDate=2000-01-01&referenceDate=2000-02-30', /referenceDate/],
    ['birthDate=2000-01-02&referenceDate=2000-01-01', /referenceDate must not be before birthDate/],
  ])('refuses %s with 400 validation_error naming the parameter', async (query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'validation_error' });
    expect(res.json().message).toMatch(message);
  });
});
