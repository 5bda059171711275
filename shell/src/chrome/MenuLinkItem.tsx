import { Link, useLocation } from 'react-router-dom';
import { isMenuLinkActive, type CurrentRoute, type MenuLink } from '../menu/entries.js';
import styles from './Chrome.module.css';

function samePath(pathname: string, to: string): boolean {
  try {
    return decodeURIComponent(pathname) === decodeURIComponent(to);
  } catch {
    return pathname === to;
  }
}

/** A menu link, highlighted when the route params match and marked as the current page when it is the page. */
export function MenuLinkItem({
  link,
  current,
  className = styles.menuLink,
  activeClassName = styles.menuLinkActive,
  onNavigate,
}: {
  link: MenuLink;
  current: CurrentRoute | null;
  className?: string;
  activeClassName?: string;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = isMenuLinkActive(link, current);
  return (
    <Link
      to={link.to}
      className={active ? `${className} ${activeClassName}` : className}
      aria-current={samePath(pathname, link.to) ? 'page' : undefined}
      onClick={onNavigate}
    >
      {link.label}
    </Link>
  );
}
