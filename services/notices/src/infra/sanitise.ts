import sanitizeHtml from 'sanitize-html';

/**
 * What rich text may hold: paragraphs, emphasis, lists, headings, quotes, links and images. Everything else (scripts,
 * styles, event handlers, frames, forms, `javascript:` links) is removed. Links open in a new tab without the opener.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'img', 'span', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};
// Attributes added by the transform must survive the allow-list.
RICH_TEXT.allowedAttributes = { ...RICH_TEXT.allowedAttributes, a: ['href', 'title', 'target', 'rel'] };

/** Rich text as it may be stored and shown: the allow-list above, applied on every write. */
export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** Plain text of rich text (marquee lines, search, previews): no markup at all, entities decoded once. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
