/**
 * Generated landscape pictures for banners, campaign images, blog posts and social posts: a Norwegian scene (sky,
 * mountain ridges, forest or fjord) derived deterministically from the image name. No text is drawn — titles live
 * with the content (home layout slots, campaigns, blog posts) and the front end sets them over the picture.
 */
import { rngFor, int, pick, type Rng } from '../../seed/prng.js';

interface Palette {
  sky: [string, string];
  sun: string;
  ridges: [string, string, string];
  ground: string;
  snow: boolean;
  aurora: boolean;
}

const PALETTES: Palette[] = [
  { sky: ['#7fb2e5', '#dceefb'], sun: '#fff4c2', ridges: ['#9aa9bd', '#6e8099', '#3f516b'], ground: '#e9f1f7', snow: true, aurora: false },
  { sky: ['#0b1d3a', '#24406b'], sun: '#f4f1e8', ridges: ['#2d4a6b', '#1d3450', '#0f1f33'], ground: '#dfe8f2', snow: true, aurora: true },
  { sky: ['#f7a072', '#fde2b8'], sun: '#fff1c9', ridges: ['#b07a6a', '#7d5560', '#4b3447'], ground: '#3b4a35', snow: false, aurora: false },
  { sky: ['#8ecae6', '#e6f4f1'], sun: '#ffe08a', ridges: ['#7fa37a', '#4f7a5a', '#2f5233'], ground: '#3e6b3f', snow: false, aurora: false },
  { sky: ['#c9d6df', '#f0f4f7'], sun: '#ffffff', ridges: ['#b8c4cf', '#8d9cab', '#5f6f80'], ground: '#f7fafc', snow: true, aurora: false },
  { sky: ['#ffb5a7', '#fcd5ce'], sun: '#fff8e7', ridges: ['#a3b18a', '#588157', '#3a5a40'], ground: '#344e41', snow: false, aurora: false },
];

function ridge(rng: Rng, w: number, h: number, base: number, amp: number, peaks: number): { d: string; tops: Array<[number, number]> } {
  const pts: Array<[number, number]> = [[0, base - int(rng, 0, amp / 2)]];
  const tops: Array<[number, number]> = [];
  for (let i = 1; i <= peaks; i++) {
    const x = (w * (i - 0.5 + (rng() - 0.5) * 0.5)) / peaks;
    const y = base - amp * (0.45 + rng() * 0.55);
    pts.push([x, y]);
    tops.push([x, y]);
    pts.push([(w * i) / peaks, base - amp * rng() * 0.35]);
  }
  const d = `M0 ${h} L${pts.map(([x, y]) => `${x.toFixed(0)} ${y.toFixed(0)}`).join(' L')} L${w} ${h} Z`;
  return { d, tops };
}

export interface SceneOptions {
  width: number;
  height: number;
}

export function renderSceneSvg(name: string, { width: w, height: h }: SceneOptions): string {
  const rng = rngFor('scene', name);
  const pal = pick(rng, PALETTES);
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.sky[0]}"/><stop offset="1" stop-color="${pal.sky[1]}"/></linearGradient>` +
      `<linearGradient id="aur" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7CFFB2" stop-opacity="0"/><stop offset=".6" stop-color="#45e08f" stop-opacity=".55"/><stop offset="1" stop-color="#45e08f" stop-opacity="0"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
    `<circle cx="${int(rng, Math.round(w * 0.1), Math.round(w * 0.9))}" cy="${Math.round(h * (0.15 + rng() * 0.2))}" r="${Math.round(Math.min(w, h) * 0.07)}" fill="${pal.sun}" fill-opacity=".9"/>`,
  ];
  if (pal.aurora) {
    for (let i = 0; i < 3; i++) {
      const y = h * (0.12 + i * 0.08);
      const a = h * 0.12;
      parts.push(
        `<path d="M0 ${y.toFixed(0)} C ${w * 0.25} ${(y - a).toFixed(0)}, ${w * 0.5} ${(y + a).toFixed(0)}, ${w} ${(y - a / 2).toFixed(0)} L${w} ${(y + a * 1.5).toFixed(0)} C ${w * 0.6} ${(y + a * 2).toFixed(0)}, ${w * 0.3} ${(y + a / 2).toFixed(0)}, 0 ${(y + a * 1.4).toFixed(0)} Z" fill="url(#aur)"/>`,
      );
    }
  }
  const layers = [
    { base: h * 0.62, amp: h * 0.42, peaks: int(rng, 2, 4) },
    { base: h * 0.74, amp: h * 0.3, peaks: int(rng, 3, 6) },
    { base: h * 0.86, amp: h * 0.2, peaks: int(rng, 4, 8) },
  ];
  layers.forEach((layer, i) => {
    const { d, tops } = ridge(rng, w, h, layer.base, layer.amp, layer.peaks);
    parts.push(`<path d="${d}" fill="${pal.ridges[i]}"/>`);
    if (pal.snow && i === 0) {
      const s = h * 0.06;
      for (const [x, y] of tops) {
        parts.push(`<path d="M${(x - s).toFixed(0)} ${(y + s).toFixed(0)} L${x.toFixed(0)} ${y.toFixed(0)} L${(x + s).toFixed(0)} ${(y + s).toFixed(0)} L${(x + s * 0.3).toFixed(0)} ${(y + s * 0.75).toFixed(0)} L${(x - s * 0.2).toFixed(0)} ${(y + s * 0.9).toFixed(0)} Z" fill="#ffffff" fill-opacity=".92"/>`);
      }
    }
  });
  const groundTop = h * 0.88;
  parts.push(`<rect x="0" y="${groundTop.toFixed(0)}" width="${w}" height="${(h - groundTop).toFixed(0)}" fill="${pal.ground}"/>`);
  if (rng() < 0.5) {
    // A fjord: a band of water with a lighter reflection line.
    parts.push(`<rect x="0" y="${(h * 0.9).toFixed(0)}" width="${w}" height="${(h * 0.1).toFixed(0)}" fill="#3d6f8e" fill-opacity=".85"/>`);
    parts.push(`<path d="M${w * 0.2} ${h * 0.94} L${w * 0.45} ${h * 0.94} M${w * 0.6} ${h * 0.965} L${w * 0.85} ${h * 0.965}" stroke="#ffffff" stroke-opacity=".5" stroke-width="${Math.max(2, h * 0.006)}"/>`);
  }
  const trees = int(rng, 6, 16);
  const treeColour = pal.snow ? '#24402c' : '#1f3a28';
  for (let i = 0; i < trees; i++) {
    const x = rng() * w;
    const th = h * (0.08 + rng() * 0.1);
    const y = groundTop + h * 0.02 * rng();
    parts.push(`<path d="M${(x - th * 0.3).toFixed(0)} ${y.toFixed(0)} L${x.toFixed(0)} ${(y - th).toFixed(0)} L${(x + th * 0.3).toFixed(0)} ${y.toFixed(0)} Z" fill="${treeColour}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice" role="img">${parts.join('')}</svg>`;
}

/** Banner shapes by name suffix: `-mobil` portrait, `-kvadrat` square, otherwise a wide desktop banner. */
export function bannerSize(name: string): SceneOptions {
  if (name.endsWith('-mobil')) return { width: 750, height: 1000 };
  if (name.endsWith('-kvadrat')) return { width: 1080, height: 1080 };
  return { width: 1920, height: 640 };
}

export const BLOG_IMAGE_SIZE: SceneOptions = { width: 1200, height: 630 };
