/**
 * A small QR code encoder (ISO/IEC 18004) for the member card: byte mode, error correction level M, versions 1–5
 * (up to 84 bytes — member codes are 12). No QR package is installed, so this is written out; it is checked
 * against a reference implementation's matrices in api/test/accounts/qr.test.ts.
 */

/** Per version at level M: data codewords per block and EC codewords per block (ISO table 9). */
const VERSIONS_M: ReadonlyArray<{ blocks: number[]; ecPerBlock: number; align: number[] }> = [
  { blocks: [16], ecPerBlock: 10, align: [] },
  { blocks: [28], ecPerBlock: 16, align: [6, 18] },
  { blocks: [44], ecPerBlock: 26, align: [6, 22] },
  { blocks: [32, 32], ecPerBlock: 18, align: [6, 26] },
  { blocks: [43, 43], ecPerBlock: 24, align: [6, 30] },
];

// ---- GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1 ----
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}
const mul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!);

/** Reed–Solomon error correction codewords for one block. */
export function reedSolomon(data: readonly number[], ecLength: number): number[] {
  // Generator polynomial (x - α^0)(x - α^1)…, highest coefficient first.
  let gen = [1];
  for (let i = 0; i < ecLength; i++) {
    const next = new Array<number>(gen.length + 1).fill(0);
    gen.forEach((g, j) => {
      next[j] ^= g;
      next[j + 1] ^= mul(g, EXP[i]!);
    });
    gen = next;
  }
  const rem = new Array<number>(ecLength).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem.shift()!;
    rem.push(0);
    for (let j = 0; j < ecLength; j++) rem[j]! ^= mul(gen[j + 1]!, factor);
  }
  return rem;
}

/** The 15 format bits for level M and a mask (BCH(15,5) + the fixed XOR mask). */
export function formatBits(mask: number): number {
  const data = (0b00 << 3) | mask; // level M = 00
  let v = data << 10;
  for (let i = 14; i >= 10; i--) if ((v >> i) & 1) v ^= 0x537 << (i - 10);
  return ((data << 10) | v) ^ 0x5412;
}

const MASKS: ReadonlyArray<(r: number, c: number) => boolean> = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

/** Data + padding + EC codewords, interleaved, for `bytes` in the smallest version that holds them. */
function codewords(bytes: Uint8Array): { version: number; words: number[] } {
  const index = VERSIONS_M.findIndex((v) => Math.floor((v.blocks.reduce((a, b) => a + b, 0) * 8 - 12) / 8) >= bytes.length);
  if (index < 0) throw new Error(`QR: ${bytes.length} bytes is more than this encoder supports (84)`);
  const spec = VERSIONS_M[index]!;
  const capacityBits = spec.blocks.reduce((a, b) => a + b, 0) * 8;
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >> i) & 1);
  };
  put(0b0100, 4); // byte mode
  put(bytes.length, 8); // versions 1–9: 8-bit count
  for (const b of bytes) put(b, 8);
  for (let i = 0; i < 4 && bits.length < capacityBits; i++) bits.push(0);
  while (bits.length % 8) bits.push(0);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0; data.length < capacityBits / 8; pad++) data.push(pad % 2 === 0 ? 0xec : 0x11);

  const blocks: number[][] = [];
  let offset = 0;
  for (const size of spec.blocks) {
    blocks.push(data.slice(offset, offset + size));
    offset += size;
  }
  const ec = blocks.map((b) => reedSolomon(b, spec.ecPerBlock));
  const words: number[] = [];
  const longest = Math.max(...spec.blocks);
  for (let i = 0; i < longest; i++) for (const b of blocks) if (i < b.length) words.push(b[i]!);
  for (let i = 0; i < spec.ecPerBlock; i++) for (const e of ec) words.push(e[i]!);
  return { version: index + 1, words };
}

type Grid = Array<Array<boolean | null>>;

function baseMatrix(version: number): Grid {
  const n = version * 4 + 17;
  const m: Grid = Array.from({ length: n }, () => new Array<boolean | null>(n).fill(null));
  const finder = (row: number, col: number) => {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        const rr = row + r;
        const cc = col + c;
        if (rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
        const inRing = r >= 0 && r <= 6 && (c === 0 || c === 6);
        const inRingH = c >= 0 && c <= 6 && (r === 0 || r === 6);
        const inCore = r >= 2 && r <= 4 && c >= 2 && c <= 4;
        m[rr]![cc] = inRing || inRingH || inCore;
      }
    }
  };
  finder(0, 0);
  finder(n - 7, 0);
  finder(0, n - 7);
  const align = VERSIONS_M[version - 1]!.align;
  for (const r of align) {
    for (const c of align) {
      if (m[r]![c] !== null) continue; // overlaps a finder
      for (let dr = -2; dr <= 2; dr++) {
        for (let dc = -2; dc <= 2; dc++) m[r + dr]![c + dc] = Math.max(Math.abs(dr), Math.abs(dc)) !== 1;
      }
    }
  }
  for (let i = 8; i < n - 8; i++) {
    if (m[6]![i] === null) m[6]![i] = i % 2 === 0;
    if (m[i]![6] === null) m[i]![6] = i % 2 === 0;
  }
  return m;
}

function placeFormat(m: Grid, mask: number): void {
  const n = m.length;
  const bits = formatBits(mask);
  for (let i = 0; i < 15; i++) {
    const dark = ((bits >> i) & 1) === 1;
    // Vertical copy (column 8) and horizontal copy (row 8), as the standard lays them out.
    if (i < 6) m[i]![8] = dark;
    else if (i < 8) m[i + 1]![8] = dark;
    else m[n - 15 + i]![8] = dark;
    if (i < 8) m[8]![n - i - 1] = dark;
    else if (i < 9) m[8]![15 - i] = dark;
    else m[8]![14 - i] = dark;
  }
  m[n - 8]![8] = true; // the dark module
}

function placeData(m: Grid, words: readonly number[], mask: number): void {
  const n = m.length;
  const test = MASKS[mask]!;
  let row = n - 1;
  let step = -1;
  let byte = 0;
  let bit = 7;
  for (let col = n - 1; col > 0; col -= 2) {
    if (col === 6) col -= 1; // the vertical timing pattern is skipped
    for (;;) {
      for (const c of [col, col - 1]) {
        if (m[row]![c] !== null) continue;
        let dark = byte < words.length ? ((words[byte]! >> bit) & 1) === 1 : false;
        if (test(row, c)) dark = !dark;
        m[row]![c] = dark;
        if (--bit < 0) {
          byte += 1;
          bit = 7;
        }
      }
      row += step;
      if (row < 0 || row >= n) {
        row -= step;
        step = -step;
        break;
      }
    }
  }
}

/** ISO 18004 penalty (N1–N4): the mask with the lowest score is used. */
export function penalty(m: boolean[][]): number {
  const n = m.length;
  let score = 0;
  const line = (get: (i: number, j: number) => boolean) => {
    for (let i = 0; i < n; i++) {
      let run = 1;
      for (let j = 1; j <= n; j++) {
        if (j < n && get(i, j) === get(i, j - 1)) run += 1;
        else {
          if (run >= 5) score += 3 + (run - 5);
          run = 1;
        }
      }
      for (let j = 0; j + 11 <= n; j++) {
        const s = Array.from({ length: 11 }, (_, k) => (get(i, j + k) ? '1' : '0')).join('');
        if (s === '10111010000' || s === '00001011101') score += 40;
      }
    }
  };
  line((i, j) => m[i]![j]!);
  line((i, j) => m[j]![i]!);
  for (let r = 0; r < n - 1; r++) {
    for (let c = 0; c < n - 1; c++) {
      const v = m[r]![c];
      if (v === m[r]![c + 1] && v === m[r + 1]![c] && v === m[r + 1]![c + 1]) score += 3;
    }
  }
  const dark = m.flat().filter(Boolean).length;
  score += 10 * Math.floor(Math.abs((dark * 100) / (n * n) - 50) / 5);
  return score;
}

/** The module matrix (true = dark) of `text` (UTF-8), with the given mask or the best one. */
export function qrMatrix(text: string, mask?: number): boolean[][] {
  const { version, words } = codewords(new TextEncoder().encode(text));
  const build = (k: number) => {
    const m = baseMatrix(version);
    placeFormat(m, k);
    placeData(m, words, k);
    return m.map((row) => row.map((v) => v === true));
  };
  if (mask !== undefined) return build(mask);
  let best: boolean[][] | null = null;
  let bestScore = Infinity;
  for (let k = 0; k < 8; k++) {
    const m = build(k);
    const s = penalty(m);
    if (s < bestScore) {
      best = m;
      bestScore = s;
    }
  }
  return best!;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The member card image of GET /customers/current/code: the QR code (4-module quiet zone) as one SVG path. */
export function memberCodeSvg(code: string): string {
  const m = qrMatrix(code);
  const size = m.length + 8;
  let d = '';
  m.forEach((row, r) => row.forEach((dark, c) => (d += dark ? `M${c + 4} ${r + 4}h1v1h-1z` : '')));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="Medlemskode ${escapeXml(code)}">` +
    `<rect width="${size}" height="${size}" fill="#ffffff"/><path d="${d}" fill="#000000"/></svg>`
  );
}
