import sanitizeHtml from 'sanitize-html';

/**
 * Article HTML as the storefront may render it. Operators write articles in the back office's
 * rich-text editor, but the body arrives as plain form text anyone with an operator session
 * (or a forged request) could fill, and the storefront renders it as HTML
 * (dangerouslySetInnerHTML). So every write path (create, update, the seed) stores only this
 * subset: text structure, links to http(s) or the site's own paths, images from http(s) or the
 * site's media store, and tables. No scripts, styles, event handlers, frames or forms.
 */

/** A link may go to an http(s) address, a path of this site or an anchor; `//host` is neither. */
const SAFE_HREF = /^(https?:\/\/|\/(?!\/)|#)/i;
/** An image is an http(s) address or one of the site's own `/media/{id}` images. */
const SAFE_SRC = /^(https?:\/\/[^\s]+|\/media\/\d+)$/i;
const SIZE = /^\d{1,4}(px|%)?$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'blockquote',
    'br',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Editors and pasted Word text use neighbouring tags: keep their meaning in the subset.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    del: 's',
    strike: 's',
    div: 'p',
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      const href = (attribs.href ?? '').trim();
      if (SAFE_HREF.test(href)) out.href = href;
      if (attribs.title) out.title = attribs.title;
      // A new tab never gets a handle on this page (window.opener).
      if (attribs.target === '_blank') out.target = '_blank';
      out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      const src = (attribs.src ?? '').trim();
      if (SAFE_SRC.test(src)) out.src = src;
      out.alt = attribs.alt ?? '';
      for (const k of ['width', 'height'] as const) if (SIZE.test(attribs[k] ?? '')) out[k] = attribs[k]!;
      return { tagName, attribs: out };
    },
  },
  // An image whose address was refused is dropped; a link without an address keeps its text.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !frame.attribs.src;
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
};

/** The safe subset of `html` (see above). */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when sanitised HTML says nothing: no text and no image. */
export function isBlankHtml(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  return (
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
      .replace(/&nbsp;|\s/g, '')
      .trim() === ''
  );
}
