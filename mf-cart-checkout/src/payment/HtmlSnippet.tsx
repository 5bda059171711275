import { useEffect, useRef } from 'react';

/**
 * Renders a payment provider's checkout snippet (Klarna's html_snippet, Qliro's OrderHtmlSnippet). Scripts set
 * through innerHTML never run, so each one is re-created, as both providers' integration guides instruct.
 */
export function HtmlSnippet({ html, title }: { html: string; title: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    element.innerHTML = html;
    for (const old of Array.from(element.querySelectorAll('script'))) {
      const script = document.createElement('script');
      for (const attribute of Array.from(old.attributes)) script.setAttribute(attribute.name, attribute.value);
      script.text = old.text;
      old.replaceWith(script);
    }
    return () => {
      element.innerHTML = '';
    };
  }, [html]);
  return <div ref={container} role="region" aria-label={title} data-testid="payment-snippet" />;
}
