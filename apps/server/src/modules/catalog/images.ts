/**
 * Generated goods pictures: a medicine box drawn in SVG with the generic name, specification
 * and maker in Chinese, coloured by category, so the demo needs no photographs. Deterministic:
 * the same input gives the same bytes.
 */
import type { RxClass } from '@kc/domain';

const FONT = `'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','WenQuanYi Zen Hei',sans-serif`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Rough width in ems: CJK one em, Latin about half. */
const ems = (t: string) => [...t].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 1 : 0.55), 0);
/** The largest font size (px) up to `max` at which `text` fits `width`. */
const fit = (text: string, width: number, max: number) =>
  Math.max(10, Math.min(max, Math.floor(width / Math.max(1, ems(text)))));

/** Darkens a #rrggbb colour by a factor (0.8 = 20% darker). */
function shade(hex: string, factor: number): string {
  const n = parseInt(hex.slice(1), 16);
  const part = (shift: number) => Math.round(((n >> shift) & 255) * factor);
  return `#${[16, 8, 0].map((s) => part(s).toString(16).padStart(2, '0')).join('')}`;
}

export interface GoodsPicture {
  name: string;
  tradeName?: string;
  ypgg?: string;
  sccj?: string;
  rxClass?: RxClass;
  /** Category colour, #rrggbb. */
  colour: string;
}

const BADGES: Record<RxClass, { text: string; fill: string } | null> = {
  rx: { text: 'Rx', fill: '#d9262c' },
  otc_a: { text: 'OTC', fill: '#d9262c' },
  otc_b: { text: 'OTC', fill: '#1a9a4b' },
  none: null,
};

/** A 400×400 medicine-box picture. */
export function goodsSvg(p: GoodsPicture): string {
  const c = p.colour;
  const badge = BADGES[p.rxClass ?? 'none'];
  // Long generic names (精蛋白人胰岛素混合注射液) break into two lines rather than shrink to nothing.
  const chars = [...p.name];
  const lines =
    ems(p.name) > 10
      ? [
          chars.slice(0, Math.ceil(chars.length / 2)).join(''),
          chars.slice(Math.ceil(chars.length / 2)).join(''),
        ]
      : [p.name];
  const nameSize = Math.min(...lines.map((l) => fit(l, 250, 34)));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" font-family="${FONT}">`,
    `<rect width="400" height="400" fill="#f6f8fb"/>`,
    `<ellipse cx="200" cy="352" rx="150" ry="14" fill="#000" opacity="0.08"/>`,
    // Top and side faces give the box its depth.
    `<polygon points="60,92 100,56 350,56 310,92" fill="${shade(c, 0.92)}" opacity="0.85"/>`,
    `<polygon points="310,92 350,56 350,306 310,342" fill="${shade(c, 0.72)}"/>`,
    `<rect x="60" y="92" width="250" height="250" fill="#fff" stroke="${shade(c, 0.8)}" stroke-width="1.5"/>`,
    `<rect x="60" y="92" width="250" height="62" fill="${c}"/>`,
    `<rect x="60" y="300" width="250" height="42" fill="${c}" opacity="0.12"/>`,
  ];
  if (p.tradeName) {
    parts.push(
      `<text x="76" y="132" font-size="${fit(p.tradeName, 150, 24)}" font-weight="700" fill="#fff">${esc(p.tradeName)}</text>`,
    );
  }
  if (badge) {
    parts.push(
      `<rect x="246" y="108" width="52" height="28" rx="5" fill="#fff"/>`,
      `<text x="272" y="129" font-size="17" font-weight="700" fill="${badge.fill}" text-anchor="middle">${badge.text}</text>`,
    );
  }
  lines.forEach((line, i) => {
    const y = Math.round(
      (lines.length > 1 ? 198 : 208) + nameSize / 3 + (i - (lines.length - 1) / 2) * nameSize * 1.15,
    );
    parts.push(
      `<text x="185" y="${y}" font-size="${nameSize}" font-weight="700" fill="#222" text-anchor="middle">${esc(line)}</text>`,
    );
  });
  if (p.ypgg) {
    parts.push(
      `<text x="185" y="${lines.length > 1 ? 278 : 262}" font-size="${fit(p.ypgg, 220, 20)}" fill="#555" text-anchor="middle">${esc(p.ypgg)}</text>`,
    );
  }
  if (p.sccj) {
    parts.push(
      `<text x="185" y="327" font-size="${fit(p.sccj, 236, 14)}" fill="${shade(c, 0.7)}" text-anchor="middle">${esc(p.sccj)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

/** A 160×80 brand logo: the brand name on a rounded tile. */
export function brandLogoSvg(name: string, colour: string): string {
  const size = fit(name, 130, 34);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="80" viewBox="0 0 160 80" font-family="${FONT}">` +
    `<rect x="2" y="2" width="156" height="76" rx="10" fill="#fff" stroke="${colour}" stroke-width="2"/>` +
    `<text x="80" y="${40 + size / 3}" font-size="${size}" font-weight="700" fill="${colour}" text-anchor="middle">${esc(name)}</text></svg>`
  );
}

/** A 64×64 category icon: the first character in a circle; `inverse` is the hover variant. */
export function categoryIconSvg(name: string, colour: string, inverse = false): string {
  const [bg, fg] = inverse ? ['#fff', colour] : [colour, '#fff'];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" font-family="${FONT}">` +
    `<circle cx="32" cy="32" r="30" fill="${bg}" stroke="${colour}" stroke-width="2"/>` +
    `<text x="32" y="42" font-size="28" font-weight="700" fill="${fg}" text-anchor="middle">${esc([...name][0] ?? '')}</text></svg>`
  );
}
