import { describe, expect, it } from 'vitest';
import { plainText, sanitiseRichText } from './sanitise.js';

describe('rich text', () => {
  it('keeps formatting, links and images', () => {
    expect(sanitiseRichText('<p><strong>Bono</strong> del <em>50%</em></p><ul><li>uno</li></ul>')).toBe('<p><strong>Bono</strong> del <em>50%</em></p><ul><li>uno</li></ul>');
    expect(sanitiseRichText('<a href="https://example.com/x">ver</a>')).toBe('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">ver</a>');
    expect(sanitiseRichText('<img src="https://cdn.example.com/a.png" alt="a">')).toBe('<img src="https://cdn.example.com/a.png" alt="a" />');
  });

  it('neutralises scripts, handlers, styles, frames and javascript links', () => {
    const attacks = [
      '<script>alert(1)</script>hola',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">p</p>',
      '<svg><script>alert(1)</script></svg>',
      '<a href="//evil.example">x</a>',
    ];
    for (const attack of attacks) {
      const clean = sanitiseRichText(attack);
      expect(clean).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|style=|<svg|href="\/\//i);
    }
    expect(sanitiseRichText('<script>alert(1)</script>hola')).toBe('hola');
  });

  it('answers plain text for marquee lines and search', () => {
    expect(plainText('<p>Depósitos &amp; retiros</p>\n<p>24/7 <b>rápidos</b></p><script>x</script>')).toBe('Depósitos & retiros 24/7 rápidos');
  });
});
