import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageUploadTexts } from '@shop/contracts/texts';
import { deriveImage, deriveImageInTurn, filesOf, sniffImageType } from './derive.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffImageType: the type by the first bytes', () => {
  it.each([
    ['JPEG (JFIF)', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['JPEG (Exif)', bytes(0xff, 0xd8, 0xff, 0xe1), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), 'image/png'],
    ['WebP', Uint8Array.from(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1')), 'image/webp'],
    ['a RIFF that is not WebP (WAVE)', Uint8Array.from(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')), null],
    ['GIF', Uint8Array.from(Buffer.from('GIF89a', 'latin1')), null],
    ['SVG', Uint8Array.from(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), null],
    ['HEIC/AVIF', Uint8Array.from(Buffer.from('\x00\x00\x00\x1cftypheic', 'latin1')), null],
    ['a PNG cut after 4 bytes', bytes(0x89, 0x50, 0x4e, 0x47), null],
    ['two bytes of JPEG', bytes(0xff, 0xd8), null],
    ['nothing', bytes(), null],
  ])('%s → %s', (_name, input, type) => {
    expect(sniffImageType(input)).toBe(type);
  });
});

describe('filesOf: what an image has in the store', () => {
  it.each([
    ['image/jpeg', 1000, ['original.jpg', '320.avif', '320.webp', '640.avif', '640.webp', '960.avif', '960.webp', '1000.avif', '1000.webp']],
    ['image/png', 100, ['original.png', '100.avif', '100.webp']],
    ['image/webp', 5000, ['original.webp', ...[320, 640, 960, 1280, 1920].flatMap((w) => [`${w}.avif`, `${w}.webp`])]],
  ] as const)('%s %s px wide → %j', (type, width, files) => {
    expect(filesOf(type, width)).toEqual(files);
  });

  it('are exactly the files deriveImage makes', async () => {
    const png = await sharp({ create: { width: 700, height: 300, channels: 3, background: '#345' } }).png().toBuffer();
    const derived = await deriveImage(png);
    expect(derived.files.map((f) => f.file)).toEqual(filesOf('image/png', 700));
  });
});

describe('deriveImageInTurn', () => {
  it('runs one upload at a time, in the order they came, and a refused one does not hold up the next', async () => {
    const big = await sharp({ create: { width: 2600, height: 1800, channels: 3, background: '#832' } }).jpeg().toBuffer();
    const small = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#238' } }).png().toBuffer();
    const done: string[] = [];
    const runs = [
      deriveImageInTurn(big).then(() => done.push('big')),
      deriveImageInTurn(Buffer.from('GIF89a')).catch((error: Error) => done.push(`refused: ${error.message}`)),
      deriveImageInTurn(small).then(() => done.push('small')),
    ];
    await Promise.all(runs);
    // Alone, the small one would be done long before the big one.
    expect(done).toEqual(['big', `refused: ${imageUploadTexts.badType}`, 'small']);
  });
});
