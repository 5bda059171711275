/**
 * Generated product images: one simple, recognisable drawing per kind of product, filled with the variant's colour.
 * Pure functions returning SVG text; the route adds caching headers. 400×400 viewBox, transparent-free light backdrop
 * so white and black products both stay visible.
 */

export const DRAWING_KINDS = [
  'jacket',
  'fleece',
  'puffer',
  'top',
  'tshirt',
  'hoodie',
  'trousers',
  'shorts',
  'overall',
  'socks',
  'hat',
  'glove',
  'neck',
  'shoe',
  'boot',
  'sandal',
  'goggles',
  'helmet',
  'poles',
  'skis',
  'wax',
  'bottle',
  'headlamp',
  'sitpad',
  'reflector',
  'backpack',
  'tent',
  'sleepingbag',
  'mat',
  'dumbbell',
  'band',
  'ball',
  'bar',
  'tub',
  'gel',
  'can',
  'drink',
  'pouch',
  'tag',
] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];

// ------------------------------------------------------------------ colour helpers
function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}
function toHex([r, g, b]: number[]): string {
  return `#${[r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`;
}
export function mix(hex: string, withHex: string, amount: number): string {
  const a = rgb(hex);
  const b = rgb(withHex);
  return toHex(a.map((v, i) => v + (b[i] - v) * amount));
}
/** Relative luminance (sRGB approximation), 0 dark … 1 light. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

interface Paint {
  /** Main colour. */
  c: string;
  /** Detail colour that contrasts with `c` (darker on light colours, lighter on dark ones). */
  d: string;
  /** Soft highlight. */
  l: string;
  /** Outline attributes. */
  o: string;
}

function paint(hex: string): Paint {
  const c = `#${hex.toLowerCase()}`;
  const dark = luminance(c) < 0.06;
  return {
    c,
    d: dark ? mix(c, '#ffffff', 0.3) : mix(c, '#000000', 0.3),
    l: mix(c, '#ffffff', dark ? 0.18 : 0.35),
    o: 'stroke="#1a1a1a" stroke-opacity=".45" stroke-width="4" stroke-linejoin="round"',
  };
}

// ------------------------------------------------------------------ garments
const TORSO_LONG =
  'M150 90 L110 100 L75 130 L50 300 L88 308 L115 190 L118 350 L282 350 L285 190 L312 308 L350 300 L325 130 L290 100 L250 90 Q200 120 150 90 Z';
const TORSO_SHORT = 'M150 90 L110 100 L60 150 L92 192 L118 172 L118 350 L282 350 L282 172 L308 192 L340 150 L290 100 L250 90 Q200 120 150 90 Z';
const HOOD = (p: Paint) => `<path d="M148 96 Q145 40 200 36 Q255 40 252 96 Q200 124 148 96 Z" fill="${p.c}" ${p.o}/>
<path d="M165 92 Q166 58 200 56 Q234 58 235 92 Q200 108 165 92 Z" fill="${p.d}"/>`;
const ZIP = (p: Paint, from = 108) => `<line x1="200" y1="${from}" x2="200" y2="350" stroke="${p.d}" stroke-width="5"/>`;

function top(p: Paint, o: { hood?: boolean; zip?: boolean; collar?: boolean; quilt?: boolean; pocket?: boolean; short?: boolean }): string {
  const parts = [`<path d="${o.short ? TORSO_SHORT : TORSO_LONG}" fill="${p.c}" ${p.o}/>`];
  if (o.hood) parts.unshift(HOOD(p));
  if (o.collar) parts.push(`<path d="M158 84 L242 84 L244 104 Q200 118 156 104 Z" fill="${p.l}" ${p.o}/>`);
  if (!o.hood && !o.collar) parts.push(`<path d="M152 92 Q200 122 248 92" fill="none" stroke="${p.d}" stroke-width="6"/>`);
  if (o.quilt) {
    for (const y of [150, 195, 240, 285, 325]) parts.push(`<line x1="120" y1="${y}" x2="280" y2="${y}" stroke="${p.d}" stroke-width="3"/>`);
    parts.push(`<path d="M78 170 L108 178 M70 220 L100 226 M63 265 L94 270 M322 170 L292 178 M330 220 L300 226 M337 265 L306 270" stroke="${p.d}" stroke-width="3"/>`);
  }
  if (o.zip) parts.push(ZIP(p));
  if (o.pocket) parts.push(`<path d="M148 262 L252 262 L266 326 L134 326 Z" fill="none" stroke="${p.d}" stroke-width="4"/>`);
  return parts.join('');
}

const garments = {
  jacket: (p: Paint) =>
    top(p, { hood: true, zip: true }) +
    `<path d="M135 250 L170 250 M230 250 L265 250" stroke="${p.d}" stroke-width="5" stroke-linecap="round"/>`,
  fleece: (p: Paint) => top(p, { collar: true, zip: true }) + `<rect x="225" y="150" width="36" height="6" rx="3" fill="${p.d}"/>`,
  puffer: (p: Paint) => top(p, { collar: true, zip: true, quilt: true }),
  top: (p: Paint) => top(p, {}) + `<path d="M118 330 L282 330" stroke="${p.d}" stroke-width="4"/>`,
  tshirt: (p: Paint) => top(p, { short: true }),
  hoodie: (p: Paint) => top(p, { hood: true, pocket: true }) + `<path d="M188 100 L184 150 M212 100 L216 150" stroke="${p.l}" stroke-width="4"/>`,
  reflector: (p: Paint) =>
    `<path d="M150 80 L118 100 L118 350 L282 350 L282 100 L250 80 Q230 170 200 170 Q170 170 150 80 Z" fill="${p.c}" ${p.o}/>` +
    `<rect x="118" y="230" width="164" height="22" fill="#e4e6e8"/><rect x="118" y="290" width="164" height="22" fill="#e4e6e8"/>` +
    ZIP(p, 170),
  trousers: (p: Paint) =>
    `<path d="M128 55 L272 55 L290 355 L218 355 L200 150 L182 355 L110 355 Z" fill="${p.c}" ${p.o}/>` +
    `<rect x="128" y="55" width="144" height="22" fill="${p.d}"/><path d="M200 77 L200 150 M145 95 Q165 120 185 100 M255 95 Q235 120 215 100" fill="none" stroke="${p.d}" stroke-width="4"/>`,
  shorts: (p: Paint) =>
    `<path d="M128 100 L272 100 L292 265 L214 265 L200 170 L186 265 L108 265 Z" fill="${p.c}" ${p.o}/>` +
    `<rect x="128" y="100" width="144" height="20" fill="${p.d}"/>`,
  overall: (p: Paint) =>
    HOOD(p) +
    `<path d="M150 90 L110 100 L75 130 L52 250 L90 258 L115 170 L118 250 L124 365 L190 365 L200 262 L210 365 L276 365 L282 250 L285 170 L310 258 L348 250 L325 130 L290 100 L250 90 Q200 120 150 90 Z" fill="${p.c}" ${p.o}/>` +
    `<line x1="200" y1="108" x2="200" y2="262" stroke="${p.d}" stroke-width="5"/>` +
    `<path d="M130 330 L184 330 M216 330 L270 330" stroke="#e4e6e8" stroke-width="8"/>`,
  socks: (p: Paint) =>
    `<path d="M170 60 L245 60 L245 250 Q245 305 200 322 L122 348 Q84 355 82 322 Q82 290 120 280 L170 262 Z" fill="${p.c}" ${p.o}/>` +
    `<rect x="170" y="60" width="75" height="34" fill="${p.l}"/><path d="M200 322 Q245 305 245 255 Q215 260 200 300 Z M122 348 Q84 355 82 322 Q95 310 112 318 Z" fill="${p.d}"/>`,
  hat: (p: Paint) =>
    `<circle cx="200" cy="100" r="34" fill="${p.l}" ${p.o}/><path d="M110 285 Q96 128 200 118 Q304 128 290 285 Z" fill="${p.c}" ${p.o}/>` +
    `<rect x="98" y="262" width="204" height="60" rx="22" fill="${p.d}" ${p.o}/>` +
    `<path d="M140 270 L140 316 M170 270 L170 316 M200 270 L200 316 M230 270 L230 316 M260 270 L260 316" stroke="${p.c}" stroke-width="4"/>`,
  glove: (p: Paint) =>
    `<path d="M140 335 L140 200 Q140 108 200 104 Q262 108 262 200 L262 226 Q298 196 316 226 Q306 270 262 296 L262 335 Z" fill="${p.c}" ${p.o}/>` +
    `<rect x="128" y="325" width="146" height="50" rx="10" fill="${p.d}" ${p.o}/><path d="M170 150 L230 150" stroke="${p.l}" stroke-width="6" stroke-linecap="round"/>`,
  neck: (p: Paint) =>
    `<path d="M120 110 L120 300 Q200 332 280 300 L280 110 Q200 140 120 110 Z" fill="${p.c}" ${p.o}/>` +
    `<ellipse cx="200" cy="112" rx="80" ry="20" fill="${p.d}" ${p.o}/><path d="M120 170 Q200 196 280 170 M120 240 Q200 266 280 240" fill="none" stroke="${p.l}" stroke-width="6"/>`,
};

// ------------------------------------------------------------------ footwear
const footwear = {
  shoe: (p: Paint) =>
    `<path d="M58 298 L58 250 Q60 200 110 192 L168 180 Q210 148 252 170 Q292 200 342 228 Q362 250 352 298 Z" fill="${p.c}" ${p.o}/>` +
    `<path d="M52 296 L356 296 L352 322 Q350 330 340 330 L62 330 Q52 330 52 320 Z" fill="#f4f4f2" ${p.o}/>` +
    `<path d="M185 185 L205 212 M205 176 L225 204 M225 172 L245 198" stroke="${p.l}" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M80 270 Q170 262 220 240 Q270 226 330 262" fill="none" stroke="${p.d}" stroke-width="6"/>`,
  boot: (p: Paint) =>
    `<path d="M112 320 L112 110 L214 110 L218 215 Q292 226 332 256 Q352 276 348 320 Z" fill="${p.c}" ${p.o}/>` +
    `<path d="M104 318 L356 318 L352 346 Q350 354 340 354 L114 354 Q104 354 104 344 Z" fill="${p.d}" ${p.o}/>` +
    `<rect x="106" y="100" width="114" height="26" rx="8" fill="${p.d}"/>` +
    `<path d="M200 140 L224 146 M200 170 L226 176 M202 200 L230 206" stroke="${p.l}" stroke-width="6" stroke-linecap="round"/>`,
  sandal: (p: Paint) =>
    `<path d="M58 300 Q58 268 100 266 L320 258 Q352 260 352 290 Q350 312 320 312 L100 316 Q58 316 58 300 Z" fill="${p.d}" ${p.o}/>` +
    `<path d="M116 270 Q150 196 192 266 M220 262 Q262 186 304 260" fill="none" stroke="${p.c}" stroke-width="24" stroke-linecap="round"/>`,
};

// ------------------------------------------------------------------ winter sports
const winter = {
  goggles: (p: Paint) =>
    `<defs><linearGradient id="lens" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffb347"/><stop offset=".5" stop-color="#e94e77"/><stop offset="1" stop-color="#5b3c88"/></linearGradient></defs>` +
    `<rect x="30" y="184" width="340" height="34" rx="8" fill="${p.d}"/>` +
    `<rect x="76" y="132" width="248" height="136" rx="58" fill="${p.c}" ${p.o}/>` +
    `<path d="M96 200 Q96 150 150 150 L250 150 Q304 150 304 200 Q304 250 250 250 L228 250 Q214 222 200 222 Q186 222 172 250 L150 250 Q96 250 96 200 Z" fill="url(#lens)"/>` +
    `<path d="M120 170 L160 168" stroke="#fff" stroke-opacity=".7" stroke-width="8" stroke-linecap="round"/>`,
  helmet: (p: Paint) =>
    `<path d="M88 262 Q88 98 200 92 Q312 98 312 262 L282 270 Q272 228 232 228 L168 228 Q128 228 118 270 Z" fill="${p.c}" ${p.o}/>` +
    `<path d="M150 118 L160 150 M200 104 L200 142 M250 118 L240 150" stroke="${p.d}" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M100 246 Q110 300 150 300 L150 268" fill="${p.d}"/><path d="M300 246 Q290 300 250 300 L250 268" fill="${p.d}"/>` +
    `<path d="M150 300 Q200 330 250 300" fill="none" stroke="#333" stroke-width="5"/>`,
  poles: (p: Paint) =>
    [[150, 180], [232, 252]]
      .map(
        ([x1, x2]) =>
          `<line x1="${x1}" y1="70" x2="${x2}" y2="360" stroke="${p.c}" stroke-width="11" stroke-linecap="round"/>` +
          `<rect x="${x1 - 12}" y="38" width="24" height="66" rx="10" fill="${p.d}"/>` +
          `<ellipse cx="${x2 - 2}" cy="330" rx="26" ry="9" fill="none" stroke="${p.d}" stroke-width="6"/>`,
      )
      .join(''),
  skis: (p: Paint) =>
    [150, 230]
      .map(
        (x) =>
          `<path d="M${x} 52 Q${x + 20} 24 ${x + 40} 52 L${x + 38} 372 L${x + 2} 372 Z" fill="${p.c}" ${p.o}/>` +
          `<rect x="${x + 4}" y="200" width="32" height="56" rx="6" fill="${p.d}"/>` +
          `<path d="M${x + 20} 70 L${x + 20} 180 M${x + 20} 276 L${x + 20} 350" stroke="${p.l}" stroke-width="6"/>`,
      )
      .join(''),
  wax: (p: Paint) =>
    `<rect x="140" y="130" width="120" height="200" rx="10" fill="${p.c}" ${p.o}/><ellipse cx="200" cy="130" rx="60" ry="16" fill="${p.l}" ${p.o}/>` +
    `<rect x="140" y="196" width="120" height="64" fill="#f4f4f2"/><text x="200" y="238" font-family="Arial, sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill="${p.d}">WAX</text>`,
};

// ------------------------------------------------------------------ equipment
const equipment = {
  bottle: (p: Paint) =>
    `<rect x="166" y="36" width="68" height="36" rx="8" fill="${p.d}" ${p.o}/>` +
    `<path d="M170 70 L230 70 L230 92 Q270 112 270 152 L270 340 Q270 362 248 362 L152 362 Q130 362 130 340 L130 152 Q130 112 170 92 Z" fill="${p.c}" ${p.o}/>` +
    `<rect x="130" y="210" width="140" height="70" fill="${p.l}"/>`,
  headlamp: (p: Paint) =>
    `<ellipse cx="200" cy="200" rx="136" ry="76" fill="none" stroke="${p.c}" stroke-width="22"/>` +
    `<rect x="146" y="208" width="108" height="76" rx="16" fill="${p.d}" ${p.o}/><circle cx="200" cy="246" r="26" fill="#fff6c2" ${p.o}/>` +
    `<path d="M200 300 L200 350 M160 296 L136 338 M240 296 L264 338" stroke="#f2c200" stroke-width="6" stroke-linecap="round"/>`,
  sitpad: (p: Paint) =>
    `<rect x="86" y="118" width="228" height="168" rx="22" fill="${p.c}" ${p.o}/>` +
    `<path d="M86 160 L314 160 M86 202 L314 202 M86 244 L314 244 M140 118 L140 286 M200 118 L200 286 M260 118 L260 286" stroke="${p.d}" stroke-width="3"/>`,
  backpack: (p: Paint) =>
    `<path d="M168 70 Q200 40 232 70" fill="none" stroke="${p.d}" stroke-width="10"/>` +
    `<path d="M118 112 Q118 70 200 70 Q282 70 282 112 L292 340 Q292 362 270 362 L130 362 Q108 362 108 340 Z" fill="${p.c}" ${p.o}/>` +
    `<path d="M118 112 Q118 80 200 80 Q282 80 282 112 L284 150 Q200 170 116 150 Z" fill="${p.d}"/>` +
    `<rect x="144" y="228" width="112" height="104" rx="18" fill="${p.l}" ${p.o}/><line x1="156" y1="248" x2="244" y2="248" stroke="${p.d}" stroke-width="4"/>`,
  tent: (p: Paint) =>
    `<line x1="40" y1="336" x2="360" y2="336" stroke="#5b6b4a" stroke-width="6"/>` +
    `<path d="M56 332 L200 84 L344 332 Z" fill="${p.c}" ${p.o}/><path d="M200 150 L148 332 L252 332 Z" fill="${p.d}"/>` +
    `<path d="M200 84 L200 60 M56 332 L30 350 M344 332 L370 350" stroke="#555" stroke-width="4"/>`,
  sleepingbag: (p: Paint) =>
    `<path d="M140 336 Q116 200 140 110 Q200 46 260 110 Q284 200 260 336 Q200 364 140 336 Z" fill="${p.c}" ${p.o}/>` +
    `<ellipse cx="200" cy="122" rx="40" ry="30" fill="${p.d}"/>` +
    `<path d="M134 190 Q200 210 266 190 M132 250 Q200 270 268 250 M138 306 Q200 326 262 306" fill="none" stroke="${p.d}" stroke-width="4"/>` +
    `<line x1="236" y1="150" x2="250" y2="330" stroke="${p.l}" stroke-width="4"/>`,
  mat: (p: Paint) =>
    `<rect x="86" y="168" width="226" height="104" rx="8" fill="${p.c}" ${p.o}/>` +
    `<ellipse cx="312" cy="220" rx="26" ry="52" fill="${p.l}" ${p.o}/><path d="M312 196 Q330 220 312 244 Q296 220 312 206" fill="none" stroke="${p.d}" stroke-width="4"/>` +
    `<rect x="140" y="164" width="14" height="112" fill="${p.d}"/><rect x="240" y="164" width="14" height="112" fill="${p.d}"/>`,
  dumbbell: (p: Paint) =>
    `<rect x="132" y="190" width="136" height="22" rx="6" fill="#8d9196" ${p.o}/>` +
    `<rect x="96" y="132" width="44" height="138" rx="10" fill="${p.c}" ${p.o}/><rect x="260" y="132" width="44" height="138" rx="10" fill="${p.c}" ${p.o}/>` +
    `<rect x="72" y="160" width="26" height="82" rx="8" fill="${p.d}"/><rect x="302" y="160" width="26" height="82" rx="8" fill="${p.d}"/>`,
  band: (p: Paint) =>
    `<ellipse cx="200" cy="204" rx="128" ry="92" fill="none" stroke="${p.c}" stroke-width="34"/>` +
    `<ellipse cx="200" cy="204" rx="128" ry="92" fill="none" stroke="${p.d}" stroke-width="3"/>`,
  ball: (p: Paint) =>
    `<circle cx="200" cy="204" r="140" fill="${p.c}" ${p.o}/>` +
    `<path d="M200 150 L250 186 L232 244 L168 244 L150 186 Z" fill="${p.d}"/>` +
    `<path d="M200 150 L200 66 M250 186 L326 160 M232 244 L282 314 M168 244 L118 314 M150 186 L74 160" stroke="${p.d}" stroke-width="5"/>`,
};

// ------------------------------------------------------------------ food and drink
const label = (text: string, x: number, y: number, size: number, colour: string) =>
  `<text x="${x}" y="${y}" font-family="Arial, sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" fill="${colour}">${text}</text>`;

const food = {
  bar: (p: Paint) =>
    `<path d="M70 160 L330 160 L330 250 L70 250 Z" fill="${p.c}" ${p.o}/>` +
    `<path d="M70 160 L56 170 L70 180 L56 190 L70 200 L56 210 L70 220 L56 230 L70 240 L56 250 L70 250 Z M330 160 L344 170 L330 180 L344 190 L330 200 L344 210 L330 220 L344 230 L330 240 L344 250 L330 250 Z" fill="${p.d}"/>` +
    `<rect x="120" y="184" width="160" height="42" rx="6" fill="#ffffff" fill-opacity=".9"/>` +
    label('PROTEIN', 200, 215, 26, '#1a1a1a'),
  tub: (p: Paint) =>
    `<path d="M122 134 L278 134 L268 352 Q268 362 258 362 L142 362 Q132 362 132 352 Z" fill="${p.c}" ${p.o}/>` +
    `<rect x="110" y="102" width="180" height="40" rx="8" fill="${p.d}" ${p.o}/>` +
    `<rect x="146" y="190" width="108" height="96" rx="6" fill="#ffffff"/>` +
    label('WHEY', 200, 248, 26, '#1a1a1a'),
  gel: (p: Paint) =>
    `<path d="M140 84 L260 84 L260 300 L230 342 L170 342 L140 300 Z" fill="${p.c}" ${p.o}/>` +
    `<path d="M140 84 L260 84 L260 112 L140 112 Z" fill="${p.d}"/><path d="M188 342 L212 342 L212 364 L188 364 Z" fill="${p.d}"/>` +
    label('GEL', 200, 222, 36, '#ffffff'),
  can: (p: Paint) =>
    `<rect x="138" y="92" width="124" height="256" rx="20" fill="${p.c}" ${p.o}/><ellipse cx="200" cy="96" rx="62" ry="14" fill="#c9ccd0" ${p.o}/>` +
    `<path d="M138 200 Q200 170 262 200 L262 240 Q200 210 138 240 Z" fill="${p.l}"/>` +
    `<rect x="188" y="86" width="24" height="8" rx="4" fill="#8d9196"/>`,
  drink: (p: Paint) =>
    `<rect x="172" y="40" width="56" height="32" rx="6" fill="#2b2b2b" ${p.o}/>` +
    `<path d="M166 70 L234 70 L234 104 Q266 124 266 166 L266 340 Q266 362 244 362 L156 362 Q134 362 134 340 L134 166 Q134 124 166 104 Z" fill="${p.c}" fill-opacity=".85" ${p.o}/>` +
    `<rect x="134" y="196" width="132" height="96" fill="#ffffff"/><rect x="134" y="196" width="132" height="20" fill="${p.d}"/>` +
    label('SPORT', 200, 268, 26, '#1a1a1a'),
  pouch: (p: Paint) =>
    `<path d="M110 98 L290 98 L302 350 Q302 362 290 362 L110 362 Q98 362 98 350 Z" fill="${p.c}" ${p.o}/>` +
    `<line x1="112" y1="128" x2="288" y2="128" stroke="${p.d}" stroke-width="6"/>` +
    `<rect x="138" y="180" width="124" height="116" rx="10" fill="#ffffff" fill-opacity=".9"/>` +
    label('TURMAT', 200, 248, 24, '#1a1a1a'),
  tag: (p: Paint) =>
    `<path d="M110 120 L262 120 L336 200 L262 280 L110 280 Z" fill="${p.c}" ${p.o}/><circle cx="282" cy="200" r="14" fill="#f4f4f2" ${p.o}/>`,
};

const DRAW: Record<DrawingKind, (p: Paint) => string> = { ...garments, ...footwear, ...winter, ...equipment, ...food };

export const HEX_RE = /^[0-9a-fA-F]{6}$/;

/** The product image of `kind` in colour `hex` (six hex digits, no '#'). */
export function renderArticleSvg(kind: DrawingKind, hex: string): string {
  if (!HEX_RE.test(hex)) throw new Error(`invalid hex colour: ${hex}`);
  const p = paint(hex);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img">` +
    `<rect width="400" height="400" fill="#f3f2ef"/><ellipse cx="200" cy="378" rx="150" ry="12" fill="#000" fill-opacity=".08"/>` +
    DRAW[kind](p) +
    `</svg>`
  );
}
