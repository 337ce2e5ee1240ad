import DOMPurify from 'dompurify';

/**
 * Content from the server is sanitised there when written; it is sanitised again here before it reaches the page, so
 * nothing but plain formatting, links and images is ever rendered. Links open in a new tab without access to this one.
 * Its own chunk: the sanitiser loads with the first rich text a page shows.
 */
const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/** The same allow-list as the server's: paragraphs, emphasis, lists, headings, quotes, tables, links and images. */
const OPTIONS = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'img', 'span', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ALLOWED_ATTR: ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i,
};

/** The HTML as it may be rendered. */
export function sanitiseHtml(html: string): string {
  return purifier.sanitize(html, OPTIONS);
}
