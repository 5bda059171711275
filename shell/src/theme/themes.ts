import { CHAIN_ID } from '@shop/contracts/constants';

/** The screens that carry their own theme (SPEC §2 "A theme sets styling per screen"). */
export const THEME_NAMES = [
  'gender',
  'home',
  'contact',
  'about',
  'search',
  'support',
  'article',
  'terms',
  'trim',
  'return',
  'delivery',
  'faq',
  'customer service',
] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/**
 * A theme's tokens. Only decorative colours change per screen (an accent bar and a light tint behind page heads);
 * text and header colours stay fixed so every theme keeps the contrast the accessibility scan checks.
 */
export interface ThemeTokens {
  /** Accent line under the header, highlights. */
  accent: string;
  /** Light background for page heads and sections; text on it stays --shop-color-text. */
  tint: string;
}

export const THEMES: Readonly<Record<ThemeName, ThemeTokens>> = {
  home: { accent: '#0b4f3c', tint: '#eef5f1' },
  gender: { accent: '#2f5d8a', tint: '#eef3f8' },
  search: { accent: '#5b4a8a', tint: '#f2f0f8' },
  article: { accent: '#8a5a2f', tint: '#f8f3ee' },
  about: { accent: '#0b4f3c', tint: '#f1f5ee' },
  contact: { accent: '#1d6b73', tint: '#edf6f7' },
  support: { accent: '#1d6b73', tint: '#edf6f7' },
  'customer service': { accent: '#1d6b73', tint: '#edf6f7' },
  faq: { accent: '#1d6b73', tint: '#f0f6f6' },
  terms: { accent: '#4a5560', tint: '#f2f4f5' },
  return: { accent: '#4a5560', tint: '#f2f4f5' },
  delivery: { accent: '#d9480f', tint: '#fbf1ec' },
  trim: { accent: '#6b7d2a', tint: '#f4f6ec' },
};

export interface ThemeFlags {
  /** Single-line header, footer and hidden search (the configured brand). */
  singleLine: boolean;
}

/**
 * Everything the shell puts on <html> for a screen: `data-theme`, the CSS custom properties remotes read
 * (`var(--shop-theme-accent)`, `var(--shop-theme-tint)`, `--shop-chain-id`) and the brand's layout flags.
 */
export function themeAttributes(theme: ThemeName, flags: ThemeFlags): {
  dataset: Record<string, string>;
  properties: Record<string, string>;
} {
  const tokens = THEMES[theme];
  return {
    dataset: {
      theme: theme.replace(/\s+/g, '-'),
      chainId: String(CHAIN_ID),
      singleLineHeader: String(flags.singleLine),
      hiddenSearch: String(flags.singleLine),
    },
    properties: {
      '--shop-theme-accent': tokens.accent,
      '--shop-theme-tint': tokens.tint,
      '--shop-chain-id': String(CHAIN_ID),
    },
  };
}

/** Applies themeAttributes to an element (the document's <html>); returns nothing to undo: the next screen overwrites. */
export function applyTheme(element: HTMLElement, theme: ThemeName, flags: ThemeFlags): void {
  const { dataset, properties } = themeAttributes(theme, flags);
  Object.assign(element.dataset, dataset);
  for (const [name, value] of Object.entries(properties)) element.style.setProperty(name, value);
}
