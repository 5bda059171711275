import { describe, expect, it } from 'vitest';
import { richTextCases } from '@shop/contracts/testing';
import { sanitizeHtml } from './sanitize.js';

describe("the rich-text editor's output passes the sanitiser unchanged", () => {
  it.each(richTextCases.map((c) => [c.name, c.html] as const))('%s', (_name, html) => {
    expect(sanitizeHtml(html)).toBe(html);
  });
});
