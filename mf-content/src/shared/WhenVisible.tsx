import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the viewport a section starts loading: it is in before the shopper scrolls it into view. */
const AHEAD = '400px 0px';

/**
 * Renders `children` once the placeholder comes near the viewport (issue 8): the home page's sections below the
 * fold (catalogue widgets, inspiration, social feed) and the code and requests behind them — the catalogue's widget
 * chunks, axios — are not part of the first view. Without IntersectionObserver (old browsers, unit tests) the
 * children render at once. The placeholder keeps `minHeight` so the page below does not move when they come in.
 */
export function WhenVisible({ children, minHeight = 0 }: { children: ReactNode; minHeight?: number }) {
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (visible || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setVisible(true);
        }
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return visible ? <>{children}</> : <div ref={placeholder} style={{ minHeight }} />;
}
