/**
 * Generated SVG images for ads and side links, so the demo needs no outside URLs and no image
 * files in the repository. Output is deterministic: the same input gives the same bytes.
 */

/** Sizes of the ad positions as the storefront lays them out (px). */
export const AD_SIZES = {
  focus: { width: 790, height: 340 },
  top: { width: 200, height: 90 },
  right: { width: 210, height: 160 },
  common: { width: 1200, height: 90 },
  dbxfc: { width: 1200, height: 110 },
  login: { width: 1200, height: 480, textShare: 0.62 },
  sideLink: { width: 90, height: 90 },
} as const;

/** Two-stop gradients in the colours of Chinese pharmacy promotions. */
export const PALETTES = {
  red: ['#e5252a', '#ff7b45'],
  blue: ['#1b5fd9', '#37b3f7'],
  green: ['#0f9d6b', '#5fd38d'],
  orange: ['#f26b1d', '#ffc04a'],
  purple: ['#6a3fd1', '#c16cf0'],
  teal: ['#0e8a8f', '#4fd1c5'],
} as const;
export type Palette = keyof typeof PALETTES;

export interface BannerSpec {
  width: number;
  height: number;
  title: string;
  subtitle?: string;
  /** Short call to action drawn as a pill (立即抢购); omitted on small sizes. */
  action?: string;
  palette: Palette;
  /** Share of the width the text may use (the login banner keeps its right side for the form). */
  textShare?: number;
}

const FONT = `'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','WenQuanYi Zen Hei',sans-serif`;

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Rough text width in ems: CJK characters are one em, Latin letters and digits about half. */
const ems = (text: string) => [...text].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 1 : 0.55), 0);

/** Decorative circles: positions derived from the size so each banner looks a little different. */
function circles(w: number, h: number): string {
  const spots = [
    [0.86, 0.18, 0.42],
    [0.97, 0.86, 0.3],
    [0.7, 1.05, 0.22],
  ];
  return spots
    .map(
      ([x, y, r]) =>
        `<circle cx="${round(w * x!)}" cy="${round(h * y!)}" r="${round(h * r!)}" fill="#fff" opacity="0.12"/>`,
    )
    .join('');
}

/** A promotional banner: gradient, decorative circles, headline, subtitle and an action pill. */
export function bannerSvg(spec: BannerSpec): string {
  const { width: w, height: h, palette } = spec;
  const [from, to] = PALETTES[palette];
  const id = `g-${palette}`;
  // Text scales with the shorter side so the same spec reads well from 200×90 to 1200×110.
  const x = round(Math.max(w * 0.06, 12));
  const room = w * (spec.textShare ?? 1) - 2 * x;
  const wide = w / h > 4;
  const titleSize = round(Math.min(h * 0.3, room / Math.max(ems(spec.title), 4)));
  const subSize = round(
    Math.min(titleSize * (wide ? 0.6 : 0.55), room / Math.max(ems(spec.subtitle ?? ''), 1)),
  );
  const titleY = round(spec.subtitle ? (wide ? h * 0.5 : h * 0.42) : h * 0.5 + titleSize * 0.35);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#${id})"/>`,
    circles(w, h),
    `<text x="${x}" y="${titleY}" font-family="${FONT}" font-size="${titleSize}" font-weight="700" fill="#fff">${escapeXml(spec.title)}</text>`,
  ];
  if (spec.subtitle) {
    const subY = round(wide ? titleY + subSize * 1.6 : titleY + titleSize * 0.9);
    parts.push(
      `<text x="${x}" y="${subY}" font-family="${FONT}" font-size="${subSize}" fill="#fff" opacity="0.92">${escapeXml(spec.subtitle)}</text>`,
    );
  }
  if (spec.action && h >= 150) {
    const pw = round(subSize * (spec.action.length + 2));
    const ph = round(subSize * 2);
    const py = round(h * 0.72);
    parts.push(
      `<rect x="${x}" y="${py}" width="${pw}" height="${ph}" rx="${round(ph / 2)}" fill="#fff"/>`,
      `<text x="${round(x + pw / 2)}" y="${round(py + ph * 0.66)}" text-anchor="middle" font-family="${FONT}" font-size="${subSize}" font-weight="700" fill="${from}">${escapeXml(spec.action)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

/** A round icon with one or two characters, for the side links. */
export function iconSvg(
  label: string,
  palette: Palette,
  caption: string,
  size = AD_SIZES.sideLink.width,
): string {
  const [from, to] = PALETTES[palette];
  const c = size / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<defs><linearGradient id="i-${palette}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<circle cx="${c}" cy="${round(c * 0.8)}" r="${round(size * 0.3)}" fill="url(#i-${palette})"/>`,
    `<text x="${c}" y="${round(c * 0.8 + size * 0.09)}" text-anchor="middle" font-family="${FONT}" font-size="${round(size * 0.24)}" font-weight="700" fill="#fff">${escapeXml(label)}</text>`,
    `<text x="${c}" y="${round(size * 0.92)}" text-anchor="middle" font-family="${FONT}" font-size="${round(size * 0.14)}" fill="#333">${escapeXml(caption)}</text>`,
    '</svg>',
  ].join('');
}
