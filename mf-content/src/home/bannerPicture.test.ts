import { describe, expect, it } from 'vitest';
import { bannerPicture } from './bannerPicture.js';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const MOBILE_ID = 'ZyXwVuTsRqPoNmLkJiHgFe';
const uploaded = (id: string, width: number) => `/api/v1/images/uploads/${id}/${width}.webp`;
const srcSet = (id: string, format: string, widths: number[]) => widths.map((w) => `/api/v1/images/uploads/${id}/${w}.${format} ${w}w`).join(', ');

describe('bannerPicture', () => {
  it.each([
    ['a seeded SVG banner: as it is', { image: '/api/v1/images/banners/vinter.svg', imageMobile: null }, 'full', { sources: [], img: { src: '/api/v1/images/banners/vinter.svg' } }],
    [
      'a seeded banner with a mobile variant: the variant under 1020 px',
      { image: '/api/v1/images/banners/a.svg', imageMobile: '/api/v1/images/banners/a-mobil.svg' },
      'full',
      { sources: [{ media: '(max-width: 1019px)', srcSet: '/api/v1/images/banners/a-mobil.svg' }], img: { src: '/api/v1/images/banners/a.svg' } },
    ],
    [
      'an uploaded image: every width in AVIF and WebP, the page-wide sizes',
      { image: uploaded(ID, 1920), imageMobile: null },
      'full',
      {
        sources: [
          { type: 'image/avif', srcSet: srcSet(ID, 'avif', [320, 640, 960, 1280, 1920]), sizes: '(max-width: 960px) 100vw, 960px' },
          { type: 'image/webp', srcSet: srcSet(ID, 'webp', [320, 640, 960, 1280, 1920]), sizes: '(max-width: 960px) 100vw, 960px' },
        ],
        img: { src: uploaded(ID, 640), srcSet: srcSet(ID, 'webp', [320, 640, 960, 1280, 1920]), sizes: '(max-width: 960px) 100vw, 960px' },
      },
    ],
    [
      'an uploaded image in a third of the page, smaller than the widest step: only the widths it has',
      { image: uploaded(ID, 800), imageMobile: null },
      'third',
      {
        sources: [
          { type: 'image/avif', srcSet: srcSet(ID, 'avif', [320, 640, 800]), sizes: '(max-width: 1019px) 100vw, 320px' },
          { type: 'image/webp', srcSet: srcSet(ID, 'webp', [320, 640, 800]), sizes: '(max-width: 1019px) 100vw, 320px' },
        ],
        img: { src: uploaded(ID, 640), srcSet: srcSet(ID, 'webp', [320, 640, 800]), sizes: '(max-width: 1019px) 100vw, 320px' },
      },
    ],
    [
      'uploaded desktop and mobile images: the mobile ones first, under their media query',
      { image: uploaded(ID, 1920), imageMobile: uploaded(MOBILE_ID, 960) },
      'full',
      {
        sources: [
          { media: '(max-width: 1019px)', type: 'image/avif', srcSet: srcSet(MOBILE_ID, 'avif', [320, 640, 960]), sizes: '100vw' },
          { media: '(max-width: 1019px)', type: 'image/webp', srcSet: srcSet(MOBILE_ID, 'webp', [320, 640, 960]), sizes: '100vw' },
          { type: 'image/avif', srcSet: srcSet(ID, 'avif', [320, 640, 960, 1280, 1920]), sizes: '(max-width: 960px) 100vw, 960px' },
          { type: 'image/webp', srcSet: srcSet(ID, 'webp', [320, 640, 960, 1280, 1920]), sizes: '(max-width: 960px) 100vw, 960px' },
        ],
        img: { src: uploaded(ID, 640), srcSet: srcSet(ID, 'webp', [320, 640, 960, 1280, 1920]), sizes: '(max-width: 960px) 100vw, 960px' },
      },
    ],
  ] as const)('%s', (_name, banner, kind, expected) => {
    expect(bannerPicture(banner, kind)).toEqual(expected);
  });
});
