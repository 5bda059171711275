import { useEffect, useRef, type TouchEvent } from 'react';
import { Link } from 'react-router-dom';
import { MOBILE_MENU_SCROLL_DELAY } from '@shop/contracts/constants';
import type { CurrentRoute, Menu } from '../menu/entries.js';
import { lockPageScroll } from '../layout/scrollLock.js';
import { isLeftSwipe, type Point } from '../layout/swipe.js';
import { texts } from '../texts.js';
import { MenuLinkItem } from './MenuLinkItem.js';
import { MOBILE_MENU_ID } from './menuIds.js';
import styles from './Chrome.module.css';


interface Props {
  open: boolean;
  onClose: () => void;
  menu: Menu;
  current: CurrentRoute | null;
  brandName: string;
}

/**
 * The mobile menu (window under 1020 px), loaded the first time the hamburger is pressed. While open it locks page
 * scroll; 300 ms after opening it scrolls itself to the top; a left swipe (over 10 px) closes it, as do Esc and
 * navigation (the shell closes the menu on every navigation). The about link goes to the home page's about anchor.
 */
export default function MobileMenu({ open, onClose, menu, current, brandName }: Props) {
  const panel = useRef<HTMLElement>(null);
  const touchStart = useRef<Point | null>(null);
  const touchLast = useRef<Point | null>(null);

  useEffect(() => {
    if (!open) return;
    // The panel starts right under the (sticky) header, whatever height the header has on this phone.
    const header = panel.current?.closest('header');
    if (header && panel.current) panel.current.style.top = `${header.getBoundingClientRect().bottom}px`;
    const unlock = lockPageScroll();
    const timer = setTimeout(() => {
      panel.current?.scrollTo?.({ top: 0 });
      window.scrollTo({ top: 0 });
    }, MOBILE_MENU_SCROLL_DELAY);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      // Focus must not stay inside the panel that is being hidden: back to the hamburger.
      document.querySelector<HTMLElement>(`[aria-controls="${MOBILE_MENU_ID}"]`)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      clearTimeout(timer);
      unlock();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onClose]);

  const point = (event: TouchEvent, list: 'touches' | 'changedTouches'): Point | null => {
    const touch = event[list][0];
    return touch ? { x: touch.clientX, y: touch.clientY } : null;
  };

  return (
    <nav
      id={MOBILE_MENU_ID}
      ref={panel}
      className={styles.mobilePanel}
      aria-label={texts.mainMenu}
      hidden={!open}
      data-testid="mobile-menu"
      onTouchStart={(event) => {
        touchStart.current = point(event, 'touches');
        touchLast.current = touchStart.current;
      }}
      onTouchMove={(event) => {
        touchLast.current = point(event, 'touches') ?? touchLast.current;
      }}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const end = point(event, 'changedTouches') ?? touchLast.current;
        touchStart.current = null;
        if (start && end && isLeftSwipe(start, end)) onClose();
      }}
    >
      <section className={styles.mobileSection}>
        <ul className={styles.mobileList}>
          {menu.categories.map((category) => (
            <li key={category.key}>
              <MenuLinkItem link={category} current={current} onNavigate={onClose} />
              {category.children.length > 0 && (
                <ul className={styles.mobileList}>
                  {category.children.map((child) => (
                    <li key={child.key}>
                      <MenuLinkItem link={child} current={current} onNavigate={onClose} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
          {menu.fixed.map((link) => (
            <li key={link.key}>
              <MenuLinkItem link={link} current={current} onNavigate={onClose} />
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.mobileSection}>
        <ul className={styles.mobileList}>
          {menu.info.map((link) => (
            <li key={link.key}>
              <MenuLinkItem link={link} current={current} onNavigate={onClose} />
            </li>
          ))}
          <li>
            <Link to={{ pathname: '/', hash: '#about' }} onClick={onClose}>
              {texts.about(brandName)}
            </Link>
          </li>
        </ul>
      </section>
    </nav>
  );
}
