import { richTextTexts } from './texts.js';

export type LinkCheck = { ok: true; href: string } | { ok: false; error: string };

/**
 * What an editor may link to from copy: a page of this shop (a path: "/blogg/…", "/kundeservice#retur") or a secure
 * address elsewhere (https). The server's sanitiser allows more (http, mailto, tel); the editor holds writers to the
 * two an editor needs, so a typo such as "blogg/x" (a relative link that breaks on every other page) is caught here.
 */
export function checkLinkUrl(raw: string): LinkCheck {
  const value = raw.trim();
  if (!value) return { ok: false, error: richTextTexts.linkMissing };
  if (/\s/.test(value)) return { ok: false, error: richTextTexts.linkBad };
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return { ok: true, href: value };
  if (/^https:\/\/[^/\s?#]+\.[^/\s?#]+/i.test(value)) {
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' && !url.username && !url.password) return { ok: true, href: value };
    } catch {
      // not a URL: falls through to the refusal
    }
  }
  return { ok: false, error: richTextTexts.linkBad };
}

/**
 * Which links in stored or pasted copy the editor keeps: what the server's sanitiser keeps (safeHref: http(s), mailto,
 * tel, site paths, anchors), so editing a page never drops a link it already had (kundeservice's e-mail address).
 * New links typed in the dialog are held to checkLinkUrl.
 */
export function isAllowedLink(raw: string): boolean {
  const value = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value)) return true;
  return /^[/#?]/.test(value) && !value.startsWith('//') && !value.startsWith('/\\');
}
