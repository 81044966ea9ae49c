/**
 * The one gate between an article's rendered Markdown and a page: an allowlist sanitiser over the HTML the
 * Markdown processor made (docs/decisions/017-html-sanitiser.md). Checking the Markdown text cannot catch
 * every way to write a script link (reference-style links, HTML entities, raw HTML), so what reaches the
 * site and the editor's preview is whatever survives this list: the elements and attributes articles
 * use, links to web, mail, phone or site addresses, images from web or site addresses. Scripts, styles,
 * event handlers, forms, frames and `javascript:`/`data:` URLs are dropped.
 *
 * Build and server only (the article pages at build time, the editor's PreviewArticle call): the browser
 * never loads it (eslint.config.js keeps islands and stores from importing it).
 */
import sanitizeHtml from 'sanitize-html';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
/** A table cell's alignment, the one style the Markdown processor writes. */
const ALIGN = { 'text-align': [/^(left|right|center)$/] };

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...HEADINGS,
    'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'em', 'strong', 'del', 's', 'sup', 'sub',
    'ul', 'ol', 'li', 'a', 'img',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    // Footnotes (GFM): a section of the notes and links back and forth.
    'section',
  ],
  // Anything else is dropped, and the text of script, style and the like with it.
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    ...Object.fromEntries(HEADINGS.map((h) => [h, ['id']])),
    a: ['href', 'title', 'id', 'aria-describedby', 'aria-label', 'data-footnote-ref', 'data-footnote-backref'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    li: ['id'],
    th: ['style', 'scope'],
    td: ['style'],
    section: ['data-footnotes'],
  },
  allowedClasses: {
    code: ['language-*'],
    h2: ['sr-only'],
    a: ['data-footnote-backref'],
    section: ['footnotes'],
  },
  allowedStyles: { th: ALIGN, td: ALIGN },
  // Links: web, mail and phone addresses and addresses on the site (relative ones have no scheme).
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // '//host/x' is another site without saying so: editors write https://.
  allowProtocolRelative: false,
};

/** The article HTML with only what the allowlist admits. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
