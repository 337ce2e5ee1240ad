import { useEffect, useMemo, useState } from 'react';

type Sanitiser = typeof import('./sanitise');
let sanitiser: Sanitiser | undefined;
let loading: Promise<Sanitiser> | undefined;

function loadSanitiser(): Promise<Sanitiser> {
  loading ??= import('./sanitise').then((module) => (sanitiser = module));
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * The words of a rich text, for one-line places (the marquee, lists and titles). The text is read from an inert
 * document (no script runs and nothing loads in one) without the elements whose content is not text, and is shown
 * as text, never as HTML.
 */
export function plainText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll('script, style, template, noscript, iframe, object')) element.remove();
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A rich text, rendered once sanitised; its box is on the page from the start and fills when the sanitiser is in. */
export function RichText({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const [ready, setReady] = useState(sanitiser !== undefined);
  useEffect(() => {
    if (ready) return;
    let current = true;
    void loadSanitiser().then(() => current && setReady(true));
    return () => {
      current = false;
    };
  }, [ready]);
  const clean = useMemo(() => (ready && sanitiser ? sanitiser.sanitiseHtml(html) : null), [html, ready]);
  return <div className={className ? `rich-text ${className}` : 'rich-text'} data-testid={testId} aria-busy={clean === null || undefined} dangerouslySetInnerHTML={{ __html: clean ?? '' }} />;
}
