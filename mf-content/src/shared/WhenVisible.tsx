import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the viewport a section starts loading: it is in before the shopper scrolls it into view. */
const AHEAD = '400px';

/**
 * Renders `children` once the placeholder comes near the viewport (issue 8): the home page's sections below the
 * fold (catalogue widgets, inspiration, social feed) and the code and requests behind them — the catalogue's widget
 * chunks, axios — are not part of the first view. Without IntersectionObserver (old browsers, unit tests) the
 * children render at once. `placeholder` (say plain links the widget would enhance) stands in until then; `ahead`
 * is how far below the viewport loading starts (0 when the placeholder is a usable stand-in).
 */
export function WhenVisible({ children, placeholder: standIn = null, ahead = AHEAD }: { children: ReactNode; placeholder?: ReactNode; ahead?: string }) {
  // Not visible on the first render, wherever it runs: the server's markup and the browser's first render agree.
  const [visible, setVisible] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (visible || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setVisible(true);
        }
      },
      { rootMargin: `${ahead} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, ahead]);
  return visible ? <>{children}</> : <div ref={placeholder}>{standIn}</div>;
}
