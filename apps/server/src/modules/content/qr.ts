import crypto from 'node:crypto';
import { escapeXml } from './images.js';

/**
 * A placeholder that looks like a QR code (finder squares, timing rows, a field of modules)
 * for the WeChat account in the right toolbar. It encodes nothing: the wholesaler replaces it
 * with the real code from the WeChat back office. The module field is drawn from a SHA-256
 * stream of `seed`, so the same seed always gives the same image.
 */
export function qrPlaceholderSvg(seed: string, caption = '微信扫码关注'): string {
  const n = 25; // modules per side, as a version-2 QR code
  const cell = 6;
  const quiet = 4 * cell;
  const side = n * cell + 2 * quiet;
  const height = side + (caption ? 24 : 0);
  const bits = bitStream(seed, n * n);
  const rects: string[] = [];
  const dark = (x: number, y: number) =>
    rects.push(`M${quiet + x * cell} ${quiet + y * cell}h${cell}v${cell}h-${cell}z`);

  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const finder = finderModule(x, y, n);
      if (finder !== null) {
        if (finder) dark(x, y);
      } else if (y === 6 || x === 6) {
        if ((x + y) % 2 === 0) dark(x, y); // timing patterns alternate
      } else if (bits[y * n + x]) {
        dark(x, y);
      }
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${height}" viewBox="0 0 ${side} ${height}">`,
    `<rect width="${side}" height="${height}" fill="#fff"/>`,
    `<path d="${rects.join('')}" fill="#111"/>`,
    caption
      ? `<text x="${side / 2}" y="${side + 14}" text-anchor="middle" font-family="'PingFang SC','Microsoft YaHei','WenQuanYi Zen Hei',sans-serif" font-size="13" fill="#333">${escapeXml(caption)}</text>`
      : '',
    '</svg>',
  ].join('');
}

/** true/false inside a finder square (with its white separator), null elsewhere. */
function finderModule(x: number, y: number, n: number): boolean | null {
  for (const [ox, oy] of [
    [0, 0],
    [n - 7, 0],
    [0, n - 7],
  ] as const) {
    const dx = x - ox;
    const dy = y - oy;
    if (dx >= -1 && dx <= 7 && dy >= -1 && dy <= 7) {
      if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return false;
      const ring = Math.min(dx, dy, 6 - dx, 6 - dy);
      return ring !== 1;
    }
  }
  return null;
}

function bitStream(seed: string, count: number): boolean[] {
  const out: boolean[] = [];
  for (let block = 0; out.length < count; block++) {
    const bytes = crypto.createHash('sha256').update(`${seed}:${block}`).digest();
    for (const b of bytes) for (let i = 0; i < 8 && out.length < count; i++) out.push(((b >> i) & 1) === 1);
  }
  return out;
}
