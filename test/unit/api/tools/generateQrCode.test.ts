import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../helpers/app.js';
import { decodeQrPng } from '../../../helpers/qr.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ url: `/api/tools/qr-code?${query}`, headers: { 'x-api-key': t.toolsKey } });
const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/tools/qr-code', headers: { 'x-api-key': t.toolsKey }, payload });

describe('generateQrCode (GET)', () => {
  it('answers JSON by default with a PNG data URL that scans back to the text', async () => {
    const res = await get('text=Hello%20Ephemail');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      data: { value: 'Hello Ephemail', type: 'text', size: 256, margin: 4, errorCorrectionLevel: 'M', format: 'png' },
    });
    expect(body.data.dataUrl).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(body.data.dataUrl.split(',')[1], 'base64');
    expect(decodeQrPng(png)).toEqual({ width: 256, height: 256, text: 'Hello Ephemail' });
  });

  it.each([
    ['type=url&url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1', 'https://example.com/a?b=1'],
    ['type=email&email=hello%40example.com', 'mailto:hello@example.com'],
    ['type=phone&phone=%2B44%2020%207946%200958', 'tel:+442079460958'],
    ['type=wifi&wifiSSID=Cafe%3B%20Guest&wifiPassword=p%3Aa%2Cs%22s', 'WIFI:T:WPA;S:Cafe\\; Guest;P:p\\:a\\,s\\"s;;'],
    ['type=wifi&wifiSSID=Open', 'WIFI:T:nopass;S:Open;;'],
  ])('encodes %s as a phone reader expects, and the PNG scans to it', async (query, payload) => {
    const res = await get(`${query}&format=png&size=300`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(decodeQrPng(res.rawPayload)).toEqual({ width: 300, height: 300, text: payload });
  });

  it('answers image/svg+xml with the requested size', async () => {
    const res = await get('text=svg&format=svg&size=512');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toMatch(/^<svg|<\?xml/);
    expect(res.body).toContain('width="512"');
  });

  it.each([50, 2000])('makes an image exactly %i pixels wide', async (size) => {
    const res = await get(`text=hi&format=png&size=${size}&margin=1`);
    expect(res.statusCode).toBe(200);
    expect(decodeQrPng(res.rawPayload).width).toBe(size);
  });

  it.each(['L', 'M', 'Q', 'H'])('honours errorCorrectionLevel %s', async (level) => {
    const res = await get(`text=level&errorCorrectionLevel=${level}`);
    expect(res.json().data.errorCorrectionLevel).toBe(level);
  });

  it.each([
    ['text=x&size=49', /size must be >= 50/],
    ['text=x&size=2001', /size must be <= 2000/],
    ['text=x&size=abc', /size must be integer/],
    ['text=x&margin=11', /margin must be <= 10/],
    ['text=x&format=gif', /format must be one of: json, png, svg/],
    ['text=x&type=sms', /type must be one of/],
    ['text=x&errorCorrectionLevel=X', /errorCorrectionLevel must be one of: L, M, Q, H/],
    ['type=text', /text is required/],
    ['type=url', /url is required/],
    ['type=email', /email is required/],
    ['type=phone', /phone is required/],
    ['type=wifi&wifiPassword=x', /wifiSSID is required/],
    ['text=', /text must NOT have fewer than 1 characters/],
    ['type=wifi&wifiSSID=x&wifiHidden=maybe', /wifiHidden must be boolean/],
  ])('refuses %s with 400 validation_error', async (query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'validation_error' });
    expect(res.json().message).toMatch(message);
  });

  it('refuses content beyond QR capacity with qr_capacity_exceeded', async () => {
    const res = await post({ text: 'x'.repeat(3000), errorCorrectionLevel: 'H' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('qr_capacity_exceeded');
  });

  it('refuses a size too small for the symbol with qr_size_too_small', async () => {
    const res = await get(`type=url&url=https%3A%2F%2Fexample.com%2F${'a'.repeat(300)}&size=50`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('qr_size_too_small');
  });
});

describe('generateQrCodeFromJson (POST)', () => {
  it('takes the same parameters in a JSON body', async () => {
    const res = await post({ type: 'wifi', wifiSSID: 'Home', wifiPassword: 'secret', size: 300, format: 'png' });
    expect(res.statusCode).toBe(200);
    expect(decodeQrPng(res.rawPayload)).toEqual({ width: 300, height: 300, text: 'WIFI:T:WPA;S:Home;P:secret;;' });
  });

  it('does not coerce body types', async () => {
    const res = await post({ text: 'x', size: '300' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/size must be integer \(body field\)/);
  });
});

describe('generateQrCode caching (ETag / 304)', () => {
  it('answers the same content with the same ETag, 304 when If-None-Match names it, and a new ETag for new content', async () => {
    const first = await get('type=url&url=https://example.com/etag&format=png');
    const etag = first.headers.etag as string;
    expect(first.statusCode).toBe(200);
    expect(etag).toMatch(/^".+"$/);
    const second = await get('format=png&url=https://example.com/etag&type=url');
    expect(second.headers.etag).toBe(etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // The POST form with the same fields is the same content.
    const viaPost = await post({ type: 'url', url: 'https://example.com/etag', format: 'png' });
    expect(viaPost.headers.etag).toBe(etag);

    const cached = await t.app.inject({ url: '/api/tools/qr-code?type=url&url=https://example.com/etag&format=png', headers: { 'x-api-key': t.toolsKey, 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);

    const bigger = await get('type=url&url=https://example.com/etag&format=png&size=300');
    expect(bigger.headers.etag).not.toBe(etag);
    const stale = await t.app.inject({ url: '/api/tools/qr-code?type=url&url=https://example.com/etag&format=png&size=300', headers: { 'x-api-key': t.toolsKey, 'if-none-match': etag } });
    expect(stale.statusCode).toBe(200);
  });
});
