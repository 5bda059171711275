// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { richTextCases } from '@shop/contracts/testing';
import { pictureHtml } from '@shop/contracts/images';
import { richTextExtensions } from './extensions.js';
import { toolbarCommands, applyLink } from './toolbar.js';
import { BODY_IMAGE_MAX_WIDTH } from './uploadedImage.js';
import { storedHtml } from './html.js';

let editor: Editor | null = null;
const open = (html: string) => (editor = new Editor({ extensions: richTextExtensions(), content: html }));
afterEach(() => {
  editor?.destroy();
  editor = null;
});

const run = (key: string) => {
  const command = toolbarCommands.find((c) => c.key === key)!;
  command.run!(editor!);
};

describe('the editor keeps every kind of node exactly as stored (the same cases the API sanitiser keeps)', () => {
  it.each(richTextCases.map((c) => [c.name, c.html] as const))('%s', (_name, html) => {
    expect(open(html).getHTML()).toBe(html);
  });
});

describe('toolbar commands write the HTML the shop stores', () => {
  it.each([
    ['h2', '<h2>Tekst</h2>'],
    ['h3', '<h3>Tekst</h3>'],
    ['bold', '<p><strong>Tekst</strong></p>'],
    ['italic', '<p><em>Tekst</em></p>'],
    ['ul', '<ul><li><p>Tekst</p></li></ul>'],
    ['ol', '<ol><li><p>Tekst</p></li></ol>'],
    ['quote', '<blockquote><p>Tekst</p></blockquote>'],
  ])('%s on a selected paragraph → %s', (key, html) => {
    open('<p>Tekst</p>').commands.selectAll();
    run(key);
    expect(editor!.getHTML()).toBe(html);
    expect(toolbarCommands.find((c) => c.key === key)!.isActive!(editor!)).toBe(true);
  });

  it('the same toggle twice gives the paragraph back', () => {
    open('<p>Tekst</p>').commands.selectAll();
    run('bold');
    run('bold');
    expect(editor!.getHTML()).toBe('<p>Tekst</p>');
  });

  it.each([
    ['/blogg/lag-pa-lag', '<p><a href="/blogg/lag-pa-lag">Tekst</a></p>'],
    ['https://www.yr.no', '<p><a href="https://www.yr.no" rel="noopener noreferrer">Tekst</a></p>'],
  ])('a link to %s', (href, html) => {
    open('<p>Tekst</p>').commands.selectAll();
    applyLink(editor!, href);
    expect(editor!.getHTML()).toBe(html);
    applyLink(editor!, null);
    expect(editor!.getHTML()).toBe('<p>Tekst</p>');
  });

  it('an uploaded image goes in as its <picture>', () => {
    const image = { id: 'AbCdEfGhIjKlMnOpQrStUv', width: 1000, height: 750, alt: 'Regntøy' };
    open('<p>Tekst</p>').chain().focus('end').insertUploadedImage(image).run();
    expect(storedHtml(editor!.getHTML())).toBe(`<p>Tekst</p>${pictureHtml(image, BODY_IMAGE_MAX_WIDTH)}`);
  });

  it('a product card goes in as its placeholder element', () => {
    open('<p>Tekst</p>').chain().focus('end').insertProductCard(4711).run();
    expect(storedHtml(editor!.getHTML())).toBe('<p>Tekst</p><div data-product-card="4711"></div>');
  });

  it('after an image or a card the cursor stands after it: the next insert and the next words follow it', () => {
    const image = { id: 'AbCdEfGhIjKlMnOpQrStUv', width: 400, height: 300, alt: 'Regntøy' };
    open('<p>Tekst</p>').chain().focus('end').insertUploadedImage(image).run();
    editor!.commands.insertProductCard(7);
    editor!.commands.insertContent('Mer tekst');
    expect(editor!.getHTML()).toBe(`<p>Tekst</p>${pictureHtml(image, BODY_IMAGE_MAX_WIDTH)}<div data-product-card="7"></div><p>Mer tekst</p>`);
  });

  it.each([
    ['a list', '<ul><li><p>Ull</p></li></ul>', '<ul><li><p>Ull</p></li></ul><div data-product-card="7"></div>'],
    ['a quote', '<blockquote><p>Sitat</p></blockquote>', '<blockquote><p>Sitat</p></blockquote><div data-product-card="7"></div>'],
  ])('a product card inserted in %s lands after it, at the top level', (_name, html, expected) => {
    open(html).chain().focus('end').insertProductCard(7).run();
    expect(storedHtml(editor!.getHTML())).toBe(expected);
  });

  it('pasted copy with a card inside a list gets the card after the list (where the sanitiser keeps it)', () => {
    expect(open('<ul><li><p>Ull</p><div data-product-card="7"></div></li></ul>').getHTML()).toBe('<ul><li><p>Ull</p></li></ul><div data-product-card="7"></div>');
  });

  it('an image inserted between two paragraphs leaves the cursor at the start of the next one', () => {
    const image = { id: 'AbCdEfGhIjKlMnOpQrStUv', width: 400, height: 300, alt: 'Regntøy' };
    open('<p>En</p><p>To</p>').chain().focus().setTextSelection(3).insertUploadedImage(image).run();
    editor!.commands.insertContent('Så ');
    expect(editor!.getHTML()).toBe(`<p>En</p>${pictureHtml(image, BODY_IMAGE_MAX_WIDTH)}<p>Så To</p>`);
  });

  it.each([
    ['<p>Tekst</p><p></p><p></p>', '<p>Tekst</p>'],
    ['<p></p>', ''],
    ['<p></p><p>Tekst</p>', '<p></p><p>Tekst</p>'],
  ])('storedHtml(%s) → %s', (html, stored) => {
    expect(storedHtml(html)).toBe(stored);
  });

  it.each([
    ['a script', '<p>Hei</p><script>alert(1)</script>', '<p>Hei</p>'],
    ['a javascript: link', '<p><a href="javascript:alert(1)">Hei</a></p>', '<p>Hei</p>'],
    ['a data: link', '<p><a href="data:text/html,x">Hei</a></p>', '<p>Hei</p>'],
    ['an outside image', '<p>Hei</p><img src="https://example.com/x.png" alt="x">', '<p>Hei</p>'],
    ['a level-1 heading', '<h1>Hei</h1>', '<p>Hei</p>'],
    ['code and strike', '<p><code>a</code><s>b</s><u>c</u></p>', '<p>abc</p>'],
    ['a product card without an id', '<div data-product-card="x"></div><p>Hei</p>', '<p>Hei</p>'],
  ])('pasted %s is reduced to what the shop keeps', (_name, input, html) => {
    expect(open(input).getHTML()).toBe(html);
  });
});

