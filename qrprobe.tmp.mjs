import QRCode from 'qrcode';
import { PNG } from 'pngjs';
const bad = [];
for (const text of ['hi', 'https://example.com/some/long/path?x=1', 'x'.repeat(300)]) {
  const n = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size;
  for (let w = 50; w <= 2000; w++) {
    for (const m of [0, 4]) {
      const buf = await QRCode.toBuffer(text, { width: w, margin: m, errorCorrectionLevel: 'M' });
      const png = PNG.sync.read(buf);
      if (png.width !== w) bad.push([text.length, n, m, w, png.width]);
    }
  }
}
console.log(bad.length, JSON.stringify(bad.slice(0, 40)));
