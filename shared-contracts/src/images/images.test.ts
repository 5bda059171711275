import { describe, expect, it } from 'vitest';
import { imageSizes, imageSrcSet, imageUrl, imageWidths, parseImageUrl, picture, pictureFromUrl, pictureHtml } from './index.js';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';

describe('imageWidths: every step narrower than the original, then the original (capped), never upscaled', () => {
  it.each([
    [0, []],
    [-5, []],
    [Number.NaN, []],
    [1, [1]],
    [200, [200]],
    [320, [320]],
    [321, [320, 321]],
    [640, [320, 640]],
    [1000, [320, 640, 960, 1000]],
    [1280, [320, 640, 960, 1280]],
    [1919, [320, 640, 960, 1280, 1919]],
    [1920, [320, 640, 960, 1280, 1920]],
    [6000, [320, 640, 960, 1280, 1920]],
    [800.7, [320, 640, 800]],
  ])('%s px wide → %j', (width, expected) => {
    expect(imageWidths(width)).toEqual(expected);
  });
});

describe('image URLs', () => {
  it.each([
    [imageUrl(ID, 640, 'webp'), { id: ID, width: 640, format: 'webp' }],
    [imageUrl(ID, 1920, 'avif'), { id: ID, width: 1920, format: 'avif' }],
    [`/api/v1/images/uploads/${ID}/0640.webp`, null],
    [`/api/v1/images/uploads/${ID}/640.jpg`, null],
    [`/api/v1/images/uploads/${ID}/640.webp?x=1`, null],
    [`/api/v1/images/uploads/${ID.slice(1)}/640.webp`, null],
    [`/api/v1/images/uploads/${ID}x/640.webp`, null],
    [`https://evil.example/api/v1/images/uploads/${ID}/640.webp`, null],
    [`//evil.example/api/v1/images/uploads/${ID}/640.webp`, null],
    [`/api/v1/images/uploads/../${ID}/640.webp`, null],
    ['/api/v1/images/banners/vinter.svg', null],
  ])('parseImageUrl(%s)', (url, expected) => {
    expect(parseImageUrl(url)).toEqual(expected);
  });
});

describe('srcset and sizes', () => {
  it('lists every derived width of one format with its w descriptor', () => {
    expect(imageSrcSet({ id: ID, width: 1000 }, 'avif')).toBe(
      `/api/v1/images/uploads/${ID}/320.avif 320w, /api/v1/images/uploads/${ID}/640.avif 640w, ` +
        `/api/v1/images/uploads/${ID}/960.avif 960w, /api/v1/images/uploads/${ID}/1000.avif 1000w`,
    );
  });
  it.each([
    [undefined, '100vw'],
    [0, '100vw'],
    [720, '(max-width: 720px) 100vw, 720px'],
    [719.6, '(max-width: 720px) 100vw, 720px'],
  ])('sizes for at most %s CSS px → %s', (max, expected) => {
    expect(imageSizes(max)).toBe(expected);
  });
});

describe('picture', () => {
  it.each([
    // [original width, the <img> src width]: the first derived width from 640 up, else the widest there is
    [3000, 640],
    [1000, 640],
    [500, 500],
    [200, 200],
  ])('a %s px wide image falls back to the %s px WebP', (width, src) => {
    const p = picture({ id: ID, width, height: 100, alt: 'Jakke' }, 720);
    expect(p.img.src).toBe(imageUrl(ID, src, 'webp'));
  });

  it('gives AVIF before WebP and keeps the original box and alt text', () => {
    const p = picture({ id: ID, width: 1200, height: 800, alt: 'Blå jakke' });
    expect(p.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(p.sources[0]!.srcSet).toBe(imageSrcSet({ id: ID, width: 1200 }, 'avif'));
    expect(p.img).toMatchObject({ width: 1200, height: 800, alt: 'Blå jakke', sizes: '100vw', srcSet: imageSrcSet({ id: ID, width: 1200 }, 'webp') });
  });

  it('as HTML escapes the alt text', () => {
    const html = pictureHtml({ id: ID, width: 320, height: 200, alt: 'Sko "Løp" <ny> & fin' }, 640);
    expect(html).toBe(
      `<picture><source type="image/avif" srcset="${imageUrl(ID, 320, 'avif')} 320w" sizes="(max-width: 640px) 100vw, 640px">` +
        `<source type="image/webp" srcset="${imageUrl(ID, 320, 'webp')} 320w" sizes="(max-width: 640px) 100vw, 640px">` +
        `<img src="${imageUrl(ID, 320, 'webp')}" srcset="${imageUrl(ID, 320, 'webp')} 320w" sizes="(max-width: 640px) 100vw, 640px" ` +
        `width="320" height="200" alt="Sko &quot;Løp&quot; &lt;ny&gt; &amp; fin" loading="lazy" decoding="async"></picture>`,
    );
  });
});

describe('pictureFromUrl: an uploaded image known by one URL', () => {
  it.each([
    // [the URL's width, the widths listed]: every one of them was made for any original at least that wide
    [1920, [320, 640, 960, 1280, 1920]],
    [1000, [320, 640, 960, 1000]],
    [640, [320, 640]],
    [200, [200]],
  ])('%s px → %j, no box', (width, widths) => {
    const p = pictureFromUrl(imageUrl(ID, width, 'avif'), 'Fjell', 720)!;
    expect(p.sources[1]!.srcSet).toBe(widths.map((w) => `${imageUrl(ID, w, 'webp')} ${w}w`).join(', '));
    expect(p.img).toMatchObject({ alt: 'Fjell', sizes: '(max-width: 720px) 100vw, 720px' });
    expect(p.img.width).toBeUndefined();
    expect(pictureHtml({ id: ID, width, height: 1, alt: 'x' })).toContain('width=');
  });

  it.each(['/api/v1/images/blog/tur.svg', 'https://cdn.example/a.webp', ''])('is null for %j', (url) => {
    expect(pictureFromUrl(url, 'x')).toBeNull();
  });
});
