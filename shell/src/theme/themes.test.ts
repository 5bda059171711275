// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../routing/screens.js';
import { THEMES, THEME_NAMES, applyTheme, themeAttributes } from './themes.js';

describe('theme per screen', () => {
  it('has tokens for every theme of SPEC §2', () => {
    expect(Object.keys(THEMES).sort()).toEqual([...THEME_NAMES].sort());
    expect(THEME_NAMES).toHaveLength(13);
  });

  it.each(SCREENS.map((screen) => [screen.id, screen.theme] as const))('screen %s uses a known theme (%s)', (_, theme) => {
    expect(THEME_NAMES).toContain(theme);
  });

  it('puts the theme, chain id 1 and the single-line flags on the element as data attributes and CSS custom properties', () => {
    const element = document.createElement('html');
    applyTheme(element, 'customer service', { singleLine: true });
    expect(element.dataset).toMatchObject({ theme: 'customer-service', chainId: '1', singleLineHeader: 'true', hiddenSearch: 'true' });
    expect(element.style.getPropertyValue('--shop-theme-accent')).toBe(THEMES['customer service'].accent);
    expect(element.style.getPropertyValue('--shop-chain-id')).toBe('1');
    applyTheme(element, 'gender', { singleLine: false });
    expect(element.dataset.theme).toBe('gender');
    expect(element.dataset.singleLineHeader).toBe('false');
    expect(element.style.getPropertyValue('--shop-theme-tint')).toBe(THEMES.gender.tint);
  });

  it('themeAttributes is pure', () => {
    expect(themeAttributes('home', { singleLine: false })).toEqual(themeAttributes('home', { singleLine: false }));
  });
});
