import { Extension, Node, type Extensions } from '@tiptap/core';
import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import { isAllowedLink } from './linkRules.js';
import { ProductCard } from './productCard.js';
import { UploadedImage } from './uploadedImage.js';

/** Heading ids are anchors other pages link to (/kundeservice#retur): an edit keeps them. */
const HeadingId = Extension.create({
  name: 'headingId',
  addGlobalAttributes() {
    return [
      {
        types: ['heading'],
        attributes: {
          id: { default: null, parseHTML: (el) => el.getAttribute('id'), renderHTML: (attrs) => (attrs.id ? { id: attrs.id } : {}) },
        },
      },
    ];
  },
});

/**
 * The document: blocks, and product cards at the top level only (the sanitiser keeps a card only there: never inside a
 * list or a quote), so a card inserted in a list lands after it.
 */
const TopLevelDocument = Node.create({ name: 'doc', topNode: true, content: '(block | topBlock)+' });

/**
 * A link as the sanitiser writes it: `href` only, plus rel="noopener noreferrer" on an outside (http/https) address —
 * so what the editor gives is what the server keeps, byte for byte.
 */
const SiteLink = Link.extend({
  renderHTML({ HTMLAttributes }) {
    const href = String(HTMLAttributes.href ?? '');
    return ['a', /^https?:/i.test(href) ? { href, rel: 'noopener noreferrer' } : { href }, 0];
  },
}).configure({ openOnClick: false, autolink: false, linkOnPaste: true, isAllowedUri: (url) => isAllowedLink(url) });

/**
 * The schema of editor-written copy: exactly the elements the server's allow-list keeps (api/src/content/sanitize.ts):
 * paragraphs, h2/h3, bold, italic, lists, quotes, line breaks, links, uploaded images and product cards. Everything
 * else StarterKit offers (code, strike, underline, rules) is left out, so it can be neither typed nor pasted.
 */
export function richTextExtensions(views: { productCard?: typeof ProductCard } = {}): Extensions {
  return [
    TopLevelDocument,
    StarterKit.configure({
      document: false,
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      strike: false,
      underline: false,
      horizontalRule: false,
      link: false,
      // No empty paragraph kept at the end (it would be stored and shown); the gap cursor still lets one type after an image.
      trailingNode: false,
    }),
    HeadingId,
    SiteLink,
    UploadedImage,
    views.productCard ?? ProductCard,
  ];
}
