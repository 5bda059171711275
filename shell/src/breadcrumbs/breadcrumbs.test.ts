// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $breadcrumbs } from '@shop/contracts/bus';
import type { Breadcrumb } from '@shop/contracts/types';
import { BREADCRUMBS_STORAGE_KEY, parseTrail, rememberScroll, retitle, savedScroll, visit } from './breadcrumbs.js';
import { persistBreadcrumbs, screenVisited, scrollRemembered } from './model.js';

const crumb = (path: string, name = 'product', extra: Record<string, number> = {}): Breadcrumb => ({
  name,
  params: { path, ...extra },
  title: path,
});

describe('visit', () => {
  it('keeps the last 10 entries, newest last', () => {
    let trail: Breadcrumb[] = [];
    for (let i = 1; i <= 13; i++) trail = visit(trail, crumb(`/product/p${i}`), false);
    expect(trail).toHaveLength(10);
    expect(trail[0].params.path).toBe('/product/p4');
    expect(trail[9].params.path).toBe('/product/p13');
  });

  it('a "breadcrumbs reset" screen starts the trail again', () => {
    const trail = [crumb('/product/a'), crumb('/product/b')];
    expect(visit(trail, crumb('/vintersport', 'category'), true)).toEqual([crumb('/vintersport', 'category')]);
  });

  it('the same path twice in a row stays one entry and keeps its scroll position', () => {
    const trail = [crumb('/herre', 'gender', { scrollY: 400 })];
    expect(visit(trail, { ...crumb('/herre', 'gender'), title: 'Herre' }, false)).toEqual([
      { name: 'gender', params: { path: '/herre', scrollY: 400 }, title: 'Herre' },
    ]);
  });
});

describe('scroll positions in params', () => {
  it('remembers the position of the newest entry with the path and finds it again', () => {
    let trail = [crumb('/a'), crumb('/b'), crumb('/a')];
    trail = rememberScroll(trail, '/a', 812.4);
    expect(trail[2].params.scrollY).toBe(812);
    expect(trail[0].params.scrollY).toBeUndefined();
    expect(savedScroll(trail, '/a')).toBe(812);
    expect(savedScroll(trail, '/b')).toBeNull();
    expect(savedScroll(trail, '/c')).toBeNull();
  });
  it('an unknown path changes nothing', () => {
    const trail = [crumb('/a')];
    expect(rememberScroll(trail, '/x', 10)).toEqual(trail);
  });
  it('retitles the newest entry of a path', () => {
    expect(retitle([crumb('/product/101')], '/product/101', 'Fjellbris')[0].title).toBe('Fjellbris');
  });
});

describe('parseTrail', () => {
  it.each([
    [null, 0],
    ['', 0],
    ['not json', 0],
    ['{"name":"x"}', 0],
    [JSON.stringify([crumb('/a'), { nope: 1 }, crumb('/b')]), 2],
    [JSON.stringify(Array.from({ length: 15 }, (_, i) => crumb(`/p${i}`))), 10],
  ])('%j → %i entries', (json, count) => {
    expect(parseTrail(json)).toHaveLength(count);
  });
});

describe('the breadcrumbs model', () => {
  it('implements $breadcrumbs: visits, resets and remembers scroll', async () => {
    const scope = fork();
    await allSettled(screenVisited, { scope, params: { entry: crumb('/vintersport', 'category'), reset: true } });
    await allSettled(screenVisited, { scope, params: { entry: crumb('/product/a'), reset: false } });
    await allSettled(scrollRemembered, { scope, params: { path: '/vintersport', scrollY: 1200 } });
    expect(scope.getState($breadcrumbs).map((entry) => [entry.params.path, entry.params.scrollY])).toEqual([
      ['/vintersport', 1200],
      ['/product/a', undefined],
    ]);
    await allSettled(screenVisited, { scope, params: { entry: crumb('/herre', 'gender'), reset: true } });
    expect(scope.getState($breadcrumbs)).toHaveLength(1);
  });

  it('keeps the trail in session storage and reads it back', () => {
    sessionStorage.setItem(BREADCRUMBS_STORAGE_KEY, JSON.stringify([crumb('/fra-forrige-gang')]));
    persistBreadcrumbs();
    expect($breadcrumbs.getState().map((entry) => entry.params.path)).toEqual(['/fra-forrige-gang']);
    screenVisited({ entry: crumb('/product/b'), reset: false });
    expect(parseTrail(sessionStorage.getItem(BREADCRUMBS_STORAGE_KEY)).map((entry) => entry.params.path)).toEqual([
      '/fra-forrige-gang',
      '/product/b',
    ]);
  });
});
