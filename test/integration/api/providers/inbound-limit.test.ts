import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../helpers/app.js';
import { useProviderSuite } from '../../../helpers/providers.js';

/** Provider APIs count each captured message against the account's inbound allowance, as SMTP does, and past it answer
 * the provider's own 429. */
describe.each(DIALECTS)("the inbound allowance on the provider APIs (%s)", (dialect) => {
  // A day's window: with the minute's default the allowance began again whenever the test crossed a minute (seen once).
  const s = useProviderSuite(dialect, { RATE_LIMIT_INBOUND: '1', RATE_LIMIT_WINDOW_SECONDS: '86400' });

  it("answers each provider's 429 once the account's allowance is used up", async () => {
    const json = { 'content-type': 'application/json' };
    const post = (path: string, headers: Record<string, string>, body: unknown) =>
      fetch(`${s.base}${path}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });
    const bearer = { authorization: `Bearer ${s.sandbox.api_key}` };
    const first = await post('/resend/emails', bearer, { from: 'a@example.com', to: 'b@example.com', subject: 'allowed', text: 'x' });
    expect(first.status).toBe(200);

    const resend = await post('/resend/emails', bearer, { from: 'a@example.com', to: 'b@example.com', subject: 'over', text: 'x' });
    expect([resend.status, await resend.json()]).toEqual([429, { statusCode: 429, name: 'rate_limit_exceeded', message: expect.any(String) }]);
    const sendgrid = await post('/sendgrid/v3/mail/send', bearer, { personalizations: [{ to: [{ email: 'b@example.com' }] }], from: { email: 'a@example.com' }, subject: 'over', content: [{ type: 'text/plain', value: 'x' }] });
    expect([sendgrid.status, await sendgrid.json()]).toEqual([429, { errors: [{ message: expect.any(String), field: null, help: null }] }]);
    const postmark = await post('/postmark/email', { 'x-postmark-server-token': s.sandbox.api_key }, { From: 'a@example.com', To: 'b@example.com', TextBody: 'x' });
    expect([postmark.status, await postmark.json()]).toEqual([429, { ErrorCode: 405, Message: expect.any(String) }]);
    const mailgun = await fetch(`${s.base}/mailgun/v3/mg.example/messages`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`api:${s.sandbox.api_key}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ from: 'a@example.com', to: 'b@example.com', text: 'x' }),
    });
    expect([mailgun.status, await mailgun.json()]).toEqual([429, { message: expect.any(String) }]);
    const ses = new SESv2Client({ endpoint: `${s.base}/ses`, region: 'us-east-1', credentials: { accessKeyId: s.sandbox.id, secretAccessKey: s.sandbox.api_key }, maxAttempts: 1 });
    const refused = await ses
      .send(new SendEmailCommand({ FromEmailAddress: 'a@example.com', Destination: { ToAddresses: ['b@example.com'] }, Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'x' } } } } }))
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'TooManyRequestsException', $metadata: { httpStatusCode: 429 } });
    expect(await s.count(s.sandbox.id)).toBe(1);
  });
});
