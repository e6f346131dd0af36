import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/platform/errors.js';
import {
  buildQrPayload,
  renderQrJson,
  renderQrPng,
  renderQrSvg,
  type ErrorCorrectionLevel,
  type QrInput,
} from '../../../src/tools/qr.js';

// jsqr is CommonJS with a `default` typing; under NodeNext the default import is the module object.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule.default }).default ??
  jsQRModule) as unknown as typeof jsQRModule.default;

const base = { size: 256, margin: 4, errorCorrectionLevel: 'M' as ErrorCorrectionLevel, format: 'json' as const };

function input(over: Partial<QrInput> & Pick<QrInput, 'type'>): QrInput {
  return { ...base, ...over };
}

function decodePng(buf: Buffer): { width: number; height: number; text: string | null } {
  const png = PNG.sync.read(buf);
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  return { width: png.width, height: png.height, text: code ? code.data : null };
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

async function catchAsync(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return err as DomainError;
  }
  throw new Error('expected an error');
}

describe('buildQrPayload', () => {
  it('uses text and url as given', () => {
    expect(buildQrPayload(input({ type: 'text', text: ' Hello, world ' }))).toBe(' Hello, world ');
    expect(buildQrPayload(input({ type: 'url', url: 'HTTPS://Example.com/a b?x=1#Frag' }))).toBe(
      'HTTPS://Example.com/a b?x=1#Frag',
    );
  });

  it('builds mailto: for email', () => {
    expect(buildQrPayload(input({ type: 'email', email: 'someone+tag@example.com' }))).toBe(
      'mailto:someone+tag@example.com',
    );
  });

  it('rejects malformed email', () => {
    for (const email of ['no-at-sign', 'a@b@c', '@example.com', 'a@', 'a b@example.com']) {
      const err = catchError(() => buildQrPayload(input({ type: 'email', email })));
      expect(err.code).toBe('validation_error');
      expect(err.message).toMatch(/^email /);
    }
  });

  it('builds tel: for phone, stripping spaces and separators', () => {
    expect(buildQrPayload(input({ type: 'phone', phone: '+49 30 1234 5678' }))).toBe('tel:+493012345678');
    expect(buildQrPayload(input({ type: 'phone', phone: '(555) 123-4567' }))).toBe('tel:5551234567');
    expect(buildQrPayload(input({ type: 'phone', phone: '112' }))).toBe('tel:112');
  });

  it('rejects non-phone strings', () => {
    for (const phone of ['call me', '+1 555 CALL', '1+555', '++15551234', '12', '1234567890123456', '555;1234']) {
      const err = catchError(() => buildQrPayload(input({ type: 'phone', phone })));
      expect(err.code).toBe('validation_error');
      expect(err.message).toMatch(/^phone /);
    }
  });

  it('builds WPA wifi payloads by default', () => {
    expect(buildQrPayload(input({ type: 'wifi', wifiSSID: 'Home', wifiPassword: 'secret123' }))).toBe(
      'WIFI:T:WPA;S:Home;P:secret123;;',
    );
    expect(
      buildQrPayload(input({ type: 'wifi', wifiSSID: 'Home', wifiPassword: 'secret123', wifiEncryption: 'WPA' })),
    ).toBe('WIFI:T:WPA;S:Home;P:secret123;;');
  });

  it('builds WEP wifi payloads', () => {
    expect(
      buildQrPayload(input({ type: 'wifi', wifiSSID: 'Old', wifiPassword: 'abcde', wifiEncryption: 'WEP' })),
    ).toBe('WIFI:T:WEP;S:Old;P:abcde;;');
  });

  it('escapes \\ ; , " : in SSID and password', () => {
    expect(buildQrPayload(input({ type: 'wifi', wifiSSID: 'a;b,c"d:e\\f', wifiPassword: 'p:w;d' }))).toBe(
      'WIFI:T:WPA;S:a\\;b\\,c\\"d\\:e\\\\f;P:p\\:w\\;d;;',
    );
  });

  it('uses nopass without a password or with wifiEncryption nopass', () => {
    expect(buildQrPayload(input({ type: 'wifi', wifiSSID: 'Cafe' }))).toBe('WIFI:T:nopass;S:Cafe;;');
    expect(buildQrPayload(input({ type: 'wifi', wifiSSID: 'Cafe', wifiPassword: '' }))).toBe(
      'WIFI:T:nopass;S:Cafe;;',
    );
    expect(
      buildQrPayload(input({ type: 'wifi', wifiSSID: 'Cafe', wifiPassword: 'ignored', wifiEncryption: 'nopass' })),
    ).toBe('WIFI:T:nopass;S:Cafe;;');
  });

  it('adds H:true; for hidden networks', () => {
    expect(buildQrPayload(input({ type: 'wifi', wifiSSID: 'Hid', wifiPassword: 'pw', wifiHidden: true }))).toBe(
      'WIFI:T:WPA;S:Hid;P:pw;H:true;;',
    );
    expect(buildQrPayload(input({ type: 'wifi', wifiSSID: 'Hid', wifiHidden: true }))).toBe(
      'WIFI:T:nopass;S:Hid;H:true;;',
    );
    expect(buildQrPayload(input({ type: 'wifi', wifiSSID: 'Vis', wifiPassword: 'pw', wifiHidden: false }))).toBe(
      'WIFI:T:WPA;S:Vis;P:pw;;',
    );
  });

  it('requires the content field of the chosen type', () => {
    const cases: Array<[QrInput, string]> = [
      [input({ type: 'text' }), 'text is required when type is text'],
      [input({ type: 'text', text: '' }), 'text is required when type is text'],
      [input({ type: 'text', text: '   ' }), 'text is required when type is text'],
      [input({ type: 'url', text: 'not the url field' }), 'url is required when type is url'],
      [input({ type: 'email' }), 'email is required when type is email'],
      [input({ type: 'phone', phone: '' }), 'phone is required when type is phone'],
      [input({ type: 'wifi', wifiPassword: 'pw' }), 'wifiSSID is required when type is wifi'],
      [input({ type: 'wifi', wifiSSID: '' }), 'wifiSSID is required when type is wifi'],
    ];
    for (const [qrInput, message] of cases) {
      const err = catchError(() => buildQrPayload(qrInput));
      expect(err.code).toBe('validation_error');
      expect(err.message).toContain(message);
    }
  });

  it('rejects an unknown type or wifiEncryption', () => {
    expect(catchError(() => buildQrPayload(input({ type: 'sms' as never, text: 'x' }))).message).toMatch(/^type /);
    const err = catchError(() =>
      buildQrPayload(input({ type: 'wifi', wifiSSID: 'x', wifiPassword: 'y', wifiEncryption: 'WPA3' as never })),
    );
    expect(err.code).toBe('validation_error');
    expect(err.message).toMatch(/^wifiEncryption /);
  });
});

describe('renderQrPng', () => {
  const samples: Array<[string, QrInput, string]> = [
    ['text', input({ type: 'text', text: 'Hello from Ephemail' }), 'Hello from Ephemail'],
    ['utf-8 text', input({ type: 'text', text: 'Grüße 👋' }), 'Grüße 👋'],
    [
      'url',
      input({ type: 'url', url: 'https://ephemail.example/inbox/abc123?ref=qr' }),
      'https://ephemail.example/inbox/abc123?ref=qr',
    ],
    ['email', input({ type: 'email', email: 'box@ephemail.example' }), 'mailto:box@ephemail.example'],
    ['phone', input({ type: 'phone', phone: '+44 20 7946 0958' }), 'tel:+442079460958'],
    [
      'wifi',
      input({ type: 'wifi', wifiSSID: 'a;b,c"d:e\\f', wifiPassword: 'pa:ss', wifiHidden: true }),
      'WIFI:T:WPA;S:a\\;b\\,c\\"d\\:e\\\\f;P:pa\\:ss;H:true;;',
    ],
    ['wifi nopass', input({ type: 'wifi', wifiSSID: 'Cafe' }), 'WIFI:T:nopass;S:Cafe;;'],
  ];

  for (const [name, qrInput, expected] of samples) {
    it(`decodes back to the ${name} payload`, async () => {
      const decoded = decodePng(await renderQrPng(qrInput));
      expect(decoded.width).toBe(qrInput.size);
      expect(decoded.height).toBe(qrInput.size);
      expect(decoded.text).toBe(expected);
    });
  }

  for (const level of ['L', 'M', 'Q', 'H'] as const) {
    it(`decodes at errorCorrectionLevel ${level}`, async () => {
      const text = `Level ${level}: https://ephemail.example/x?y=${'z'.repeat(40)}`;
      const decoded = decodePng(await renderQrPng(input({ type: 'text', text, errorCorrectionLevel: level })));
      expect(decoded.text).toBe(text);
    });
  }

  it('is exactly size pixels wide and tall for many sizes and contents', async () => {
    // qrcode's own `width` option gives width - 1 for many combinations (floating-point floor), e.g. a 21-module
    // symbol with margin 0 at width 51 comes out 50 px wide; our renderer must not.
    const contents = ['a', 'https://example.com/some/longer/path?query=1', 'x'.repeat(300), 'Grüße 👋'];
    let rendered = 0;
    for (const size of [50, 57, 64, 100, 256, 333, 999, 1024, 2000]) {
      for (const text of contents) {
        for (const margin of [0, 1, 4]) {
          const qrInput = input({ type: 'text', text, size, margin, errorCorrectionLevel: 'L' });
          let buf: Buffer;
          try {
            buf = await renderQrPng(qrInput);
          } catch (err) {
            expect((err as DomainError).code).toBe('qr_size_too_small');
            continue;
          }
          const png = PNG.sync.read(buf);
          expect([png.width, png.height], `size ${size} margin ${margin} len ${text.length}`).toEqual([size, size]);
          rendered++;
        }
      }
    }
    expect(rendered).toBeGreaterThan(100);
  }, 60_000);

  it('is exactly size pixels wide where qrcode width would be one pixel short', async () => {
    // 'a' is a 21-module symbol; with margin 0 qrcode's width 51 renders 50 px.
    for (const size of [51, 59, 97, 102]) {
      const png = PNG.sync.read(await renderQrPng(input({ type: 'text', text: 'a', size, margin: 0 })));
      expect(png.width).toBe(size);
    }
  });

  it('decodes a 2000 px image', async () => {
    const text = 'Big image https://ephemail.example/';
    const decoded = decodePng(await renderQrPng(input({ type: 'text', text, size: 2000, margin: 2 })));
    expect(decoded.width).toBe(2000);
    expect(decoded.text).toBe(text);
  });

  it('decodes at the smallest sizes (50 and 57 px)', async () => {
    for (const size of [50, 57]) {
      const decoded = decodePng(await renderQrPng(input({ type: 'text', text: 'tiny', size, margin: 1 })));
      expect(decoded.width).toBe(size);
      expect(decoded.text).toBe('tiny');
    }
  });

  it('rejects content beyond capacity with qr_capacity_exceeded', async () => {
    const err = await catchAsync(
      renderQrPng(input({ type: 'text', text: 'é'.repeat(3000), errorCorrectionLevel: 'H', size: 2000 })),
    );
    expect(err.code).toBe('qr_capacity_exceeded');
    expect(err.message).toContain('3000 characters');
    expect(err.message).toContain('6000 bytes');
    expect(err.message).toMatch(/lower errorCorrectionLevel or shorter content/);

    const ascii = await catchAsync(
      renderQrPng(input({ type: 'text', text: 'x'.repeat(3000), errorCorrectionLevel: 'H', size: 2000 })),
    );
    expect(ascii.code).toBe('qr_capacity_exceeded');
  });

  it('fits at L what does not fit at H', async () => {
    const text = 'x'.repeat(2000);
    const err = await catchAsync(renderQrPng(input({ type: 'text', text, errorCorrectionLevel: 'H', size: 2000 })));
    expect(err.code).toBe('qr_capacity_exceeded');
    const png = PNG.sync.read(await renderQrPng(input({ type: 'text', text, errorCorrectionLevel: 'L', size: 2000 })));
    expect(png.width).toBe(2000);
  });

  it('rejects a size smaller than modules + 2·margin with qr_size_too_small', async () => {
    const url = `https://example.com/${'path/'.repeat(40)}`;
    const err = await catchAsync(renderQrPng(input({ type: 'url', url, size: 50, margin: 4 })));
    expect(err.code).toBe('qr_size_too_small');
    const minimum = Number(/minimum size is (\d+)/.exec(err.message)?.[1]);
    expect(minimum).toBeGreaterThan(50);
    // The stated minimum is exact: it renders at that size and not one pixel below.
    const png = PNG.sync.read(await renderQrPng(input({ type: 'url', url, size: minimum, margin: 4 })));
    expect(png.width).toBe(minimum);
    const below = await catchAsync(renderQrPng(input({ type: 'url', url, size: minimum - 1, margin: 4 })));
    expect(below.code).toBe('qr_size_too_small');
    // The SVG and JSON renderers apply the same rule.
    expect((await catchAsync(renderQrSvg(input({ type: 'url', url, size: 50 })))).code).toBe('qr_size_too_small');
    expect((await catchAsync(renderQrJson(input({ type: 'url', url, size: 50 })))).code).toBe('qr_size_too_small');
  });

  it('re-checks size, margin and errorCorrectionLevel', async () => {
    const cases: Array<[Partial<QrInput>, RegExp]> = [
      [{ size: 49 }, /^size /],
      [{ size: 2001 }, /^size /],
      [{ size: 100.5 }, /^size /],
      [{ margin: -1 }, /^margin /],
      [{ margin: 11 }, /^margin /],
      [{ margin: 1.5 }, /^margin /],
      [{ errorCorrectionLevel: 'X' as never }, /^errorCorrectionLevel /],
    ];
    for (const [over, message] of cases) {
      const err = await catchAsync(renderQrPng(input({ type: 'text', text: 'x', ...over })));
      expect(err.code).toBe('validation_error');
      expect(err.message).toMatch(message);
    }
  });
});

describe('renderQrSvg', () => {
  it('returns an svg with width and height equal to size', async () => {
    for (const size of [50, 257, 2000]) {
      const svg = await renderQrSvg(input({ type: 'text', text: 'svg test', size }));
      expect(svg.trimStart().startsWith('<svg')).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain(`width="${size}"`);
      expect(svg).toContain(`height="${size}"`);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    }
  });

  it('includes the margin in the viewBox', async () => {
    const svg = await renderQrSvg(input({ type: 'text', text: 'svg test', margin: 3 }));
    // 'svg test' is a version 1 symbol: 21 modules + 2·3.
    expect(svg).toContain('viewBox="0 0 27 27"');
  });
});

describe('renderQrJson', () => {
  it('describes the code and embeds the same PNG as renderQrPng', async () => {
    const qrInput = input({ type: 'phone', phone: '+1 555 0100', size: 300, margin: 2, errorCorrectionLevel: 'Q' });
    const json = await renderQrJson(qrInput);
    expect(json).toMatchObject({
      value: 'tel:+15550100',
      type: 'phone',
      size: 300,
      errorCorrectionLevel: 'Q',
      margin: 2,
      format: 'png',
    });
    expect(json.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(json.dataUrl.slice('data:image/png;base64,'.length), 'base64');
    expect(png.equals(await renderQrPng(qrInput))).toBe(true);
    const decoded = decodePng(png);
    expect(decoded.width).toBe(300);
    expect(decoded.text).toBe('tel:+15550100');
  });

  it('validates like the other renderers', async () => {
    const err = await catchAsync(renderQrJson(input({ type: 'wifi' })));
    expect(err.code).toBe('validation_error');
    expect(err.message).toContain('wifiSSID is required when type is wifi');
  });
});
