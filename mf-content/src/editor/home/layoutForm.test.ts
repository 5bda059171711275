import { describe, expect, it } from 'vitest';
import type { RawSettings } from '@shop/contracts/types';
import { emptyBanner, formFromSlots, layoutNameProblem, slotLabel, slotsFromForm, validateLayout, type LayoutForm } from './layoutForm.js';
import { homeTexts as t } from './texts.js';

const img = '/api/v1/images/uploads/AbCdEfGhIjKlMnOpQrStUv/1280.webp';

describe('formFromSlots ↔ slotsFromForm', () => {
  it('reads what the API stores (PascalCase) and gives it back unchanged', () => {
    const stored: RawSettings = {
      TopBanner: { Image: img, ImageMobile: '/m.webp', Link: '/klaer', Title: 'Vinter', Text: 'Nå' },
      SubBanners: [null, { Image: '/b.svg', ImageMobile: null, Link: null, Title: 'To', Text: null }, null],
      StoreSearch: { Image: '/s.svg', ImageMobile: null, Link: null, Title: 'Finn butikk', Text: 'Skriv postnummer' },
      PopularCategories: [{ Name: 'Sko', Image: '/sko.svg', Link: '/sko' }],
      Grid3x3: [null, null, null, null, { Image: '/g.svg', ImageMobile: null, Link: '/herre', Title: 'Herre', Text: null }, null, null, null, null],
    };
    const form = formFromSlots(stored);
    expect(form.banners.TopBanner).toEqual({ image: img, imageMobile: '/m.webp', link: '/klaer', title: 'Vinter', text: 'Nå' });
    expect(form.banners['Grid3x3.5']?.title).toBe('Herre');
    expect(slotsFromForm(form)).toEqual(stored);
  });

  it("reads the seed's spelling (topBanner, grid) and pads missing slots", () => {
    const form = formFromSlots({ topBanner: { image: '/t.svg', title: 'Topp', link: '/sko' }, subBanners: [{ image: '/a.svg' }], grid: [{ image: '/g.svg' }] });
    expect(form.banners.TopBanner).toEqual({ image: '/t.svg', imageMobile: '', link: '/sko', title: 'Topp', text: '' });
    expect(form.banners['SubBanners.1']?.image).toBe('/a.svg');
    expect(form.banners['SubBanners.3']).toEqual(emptyBanner());
    expect(form.banners['Grid3x3.1']?.image).toBe('/g.svg');
    expect(form.banners['Grid3x3.9']).toEqual(emptyBanner());
    const raw = slotsFromForm(form);
    expect(raw.SubBanners).toHaveLength(3);
    expect(raw.Grid3x3).toHaveLength(9);
  });

  it.each([null, undefined, 'tekst', [], { TopBanner: 'x', SubBanners: 'y' }])('anything else is an empty layout (%j)', (slots) => {
    const raw = slotsFromForm(formFromSlots(slots));
    expect(raw).toEqual({ TopBanner: null, SubBanners: [null, null, null], StoreSearch: null, PopularCategories: [], Grid3x3: Array(9).fill(null) });
  });

  it('trims the words and sends empty ones as null', () => {
    const form = formFromSlots({});
    form.banners.TopBanner = { image: ` ${img} `, imageMobile: '', link: '', title: '  Salg ', text: '   ' };
    expect(slotsFromForm(form).TopBanner).toEqual({ Image: img, ImageMobile: null, Link: null, Title: 'Salg', Text: null });
  });
});

describe('validateLayout', () => {
  const withTop = (patch: Partial<LayoutForm['banners'][string]>): LayoutForm => {
    const form = formFromSlots({});
    form.banners.TopBanner = { ...emptyBanner(), ...patch };
    return form;
  };
  it.each([
    ['an empty layout', withTop({}), {}],
    ['an image alone', withTop({ image: img }), {}],
    ['image, title and link', withTop({ image: img, title: 'Salg', link: '/klaer' }), {}],
    ['a title without an image', withTop({ title: 'Salg' }), { 'TopBanner.Image': t.needsImage }],
    ['a link without image or title', withTop({ link: '/klaer' }), { 'TopBanner.Image': t.needsImage, 'TopBanner.Title': t.needsTitle }],
    ['an image and a link without a title', withTop({ image: img, link: '/klaer' }), { 'TopBanner.Title': t.needsTitle }],
    ['a title of spaces with a link', withTop({ image: img, link: '/klaer', title: '   ' }), { 'TopBanner.Title': t.needsTitle }],
  ])('%s', (_name, form, expected) => {
    expect(validateLayout(form)).toEqual(expected);
  });

  it('names the grid cell and the popular category at fault, numbered from 1', () => {
    const form = formFromSlots({});
    form.banners['Grid3x3.4'] = { ...emptyBanner(), text: 'Bare tekst' };
    form.popular = [{ name: 'Sko', image: '/s.svg', link: '/sko' }, { name: ' ', image: '', link: '' }];
    expect(validateLayout(form)).toEqual({
      'Grid3x3.4.Image': t.needsImage,
      'PopularCategories.2.Name': t.needsName,
      'PopularCategories.2.Image': t.needsImage,
      'PopularCategories.2.Link': t.needsLink,
    });
  });
});

describe('layoutNameProblem', () => {
  it.each([
    ['vinterkampanje', null],
    ['black-friday-2026', null],
    ['a', null],
    ['x'.repeat(60), null],
    ['', t.nameMissing],
    ['x'.repeat(61), t.nameTooLong],
    ['Vinter', t.nameBadChars],
    ['vinter kampanje', t.nameBadChars],
    ['sommer_salg', t.nameBadChars],
    ['høst', t.nameBadChars],
    ['ny', t.nameReserved],
  ])('%j', (name, expected) => {
    expect(layoutNameProblem(name)).toBe(expected);
  });
});

describe('slotLabel', () => {
  it.each([
    ['TopBanner', 'Toppbanner'],
    ['SubBanners.2', 'Underbanner 2'],
    ['StoreSearch', 'Butikksøk'],
    ['Grid3x3.9', 'Rute 9 i rutenettet (3 × 3)'],
  ])('%s', (key, label) => {
    expect(slotLabel(key)).toBe(label);
  });
});
