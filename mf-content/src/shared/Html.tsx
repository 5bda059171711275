import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** Site-relative links in editor-written copy navigate inside the app instead of reloading the page. */
export function useSiteLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//') || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };
}

/**
 * Copy written by editors. The API sanitises it on write with an allow-list (api/src/content/sanitize.ts), so it is
 * rendered as HTML; site-relative links navigate inside the app instead of reloading the page.
 */
export function Html({ html, className }: { html: string; className?: string }) {
  const onClick = useSiteLinks();
  // eslint-disable-next-line react/no-danger
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
