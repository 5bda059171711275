import { useEffect, useRef } from 'react';

/**
 * Renders a payment provider's checkout snippet (Klarna's html_snippet, Qliro's OrderHtmlSnippet). Scripts set
 * through innerHTML never run, so each one is re-created, as both providers' integration guides instruct. The
 * snippet starts with an inline bootstrap script: the page's content security policy lets it run by this response's
 * nonce, which the server writes into <meta name="csp-nonce"> (api/src/server/frontends.ts).
 */
export function HtmlSnippet({ html, title }: { html: string; title: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    element.innerHTML = html;
    const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
    for (const old of Array.from(element.querySelectorAll('script'))) {
      const script = document.createElement('script');
      for (const attribute of Array.from(old.attributes)) if (attribute.name !== 'nonce') script.setAttribute(attribute.name, attribute.value);
      if (nonce) script.nonce = nonce;
      script.text = old.text;
      old.replaceWith(script);
    }
    return () => {
      element.innerHTML = '';
    };
  }, [html]);
  return <div ref={container} role="region" aria-label={title} data-testid="payment-snippet" />;
}
