import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isMenuLinkActive, type CurrentRoute, type Menu } from '../menu/entries.js';
import { texts } from '../texts.js';
import { MenuLinkItem } from './MenuLinkItem.js';
import styles from './Chrome.module.css';

const INFO_KEY = 'info';

/**
 * The desktop menu: main groups as links, each with a toggle for its subcategories; then the fixed entries. With a
 * single-line header the info entries (Kundeservice, Vedlikehold, Om Oss, Informasjon) sit in one more dropdown, so
 * the whole header fits one line at common desktop widths. An open list closes on a click outside the menu, on Esc
 * (focus back to its toggle) and on navigation.
 */
export function DesktopMenu({ menu, current, withInfo }: { menu: Menu; current: CurrentRoute | null; withInfo: boolean }) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpenKey(null), [pathname]);

  useEffect(() => {
    if (openKey === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (nav.current && event.target instanceof Node && !nav.current.contains(event.target)) setOpenKey(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const toggle = nav.current?.querySelector<HTMLButtonElement>(`[aria-controls="${CSS.escape(submenuId(openKey))}"]`);
      setOpenKey(null);
      toggle?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [openKey]);

  return (
    <nav ref={nav} className={styles.nav} aria-label={texts.mainMenu} data-testid="desktop-menu">
      <ul className={styles.menu}>
        {menu.categories.map((category) => {
          const open = openKey === category.key;
          return (
            <li key={category.key} className={styles.menuItem}>
              <MenuLinkItem link={category} current={current} />
              {category.children.length > 0 && (
                <button
                  type="button"
                  className={styles.subToggle}
                  aria-expanded={open}
                  aria-controls={open ? submenuId(category.key) : undefined}
                  onClick={() => setOpenKey(open ? null : category.key)}
                >
                  <span className={styles.visuallyHidden}>{texts.showSubcategories(category.label)}</span>
                  <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" fill="none" stroke="currentColor" strokeWidth="2">
                    <path d="M2 4l4 4 4-4" />
                  </svg>
                </button>
              )}
              {open && (
                <ul id={submenuId(category.key)} className={styles.submenu}>
                  <li>
                    <MenuLinkItem link={{ ...category, label: texts.allInCategory(category.label) }} current={null} />
                  </li>
                  {category.children.map((child) => (
                    <li key={child.key}>
                      <MenuLinkItem link={child} current={current} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
        {menu.fixed.map((link) => (
          <li key={link.key} className={styles.menuItem}>
            <MenuLinkItem link={link} current={current} />
          </li>
        ))}
        {withInfo && menu.info.length > 0 && (
          <li className={styles.menuItem}>
            <button
              type="button"
              className={`${styles.subToggle} ${styles.groupToggle}${menu.info.some((link) => isMenuLinkActive(link, current)) ? ` ${styles.menuLinkActive}` : ''}`}
              aria-expanded={openKey === INFO_KEY}
              aria-controls={openKey === INFO_KEY ? submenuId(INFO_KEY) : undefined}
              onClick={() => setOpenKey(openKey === INFO_KEY ? null : INFO_KEY)}
            >
              {texts.infoGroup}
              <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M2 4l4 4 4-4" />
              </svg>
            </button>
            {openKey === INFO_KEY && (
              <ul id={submenuId(INFO_KEY)} className={`${styles.submenu} ${styles.submenuEnd}`}>
                {menu.info.map((link) => (
                  <li key={link.key}>
                    <MenuLinkItem link={link} current={current} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        )}
      </ul>
    </nav>
  );
}

function submenuId(key: string): string {
  return `submenu-${key.replace(/[^a-z0-9-]/gi, '-')}`;
}
