import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { pathFor } from '@shop/contracts/routes';
import { $isMobile } from '../layout/viewport.js';
import { buildMenu, type CurrentRoute, type Menu } from '../menu/entries.js';
import { $categories, $menuOpen, categoriesRequested, menuClosed, menuToggled } from '../menu/model.js';
import { currentRouteOf, useResolution } from '../routing/useResolution.js';
import { $tenant } from '../tenant/model.js';
import { texts } from '../texts.js';
import { AccountLinks } from './AccountLinks.js';
import { CartLink } from './CartLink.js';
import { DesktopMenu } from './DesktopMenu.js';
import { MenuLinkItem } from './MenuLinkItem.js';
import { MOBILE_MENU_ID } from './menuIds.js';
import { SearchSlot } from './SearchSlot.js';
import styles from './Chrome.module.css';

const MobileMenu = lazy(() => import('./MobileMenu.js'));

/**
 * Logo, menu, about link, search slot and cart link. Desktop: info entries in a bar above (or inline with a
 * single-line header). Mobile (under 1020 px): logo, cart and a hamburger that opens the mobile menu.
 */
export function Header() {
  const [tenant, categories, isMobile, menuOpen, toggleMenu, closeMenu, requestCategories] = useUnit([
    $tenant,
    $categories,
    $isMobile,
    $menuOpen,
    menuToggled,
    menuClosed,
    categoriesRequested,
  ]);
  useEffect(() => requestCategories(), [requestCategories]);
  const menu = useMemo(() => buildMenu(tenant, categories), [tenant, categories]);
  const current = currentRouteOf(useResolution());
  const singleLine = tenant.singleLineHeader;
  // The mobile menu's code is fetched the first time it is opened, then kept.
  const [mobileMenuLoaded, setMobileMenuLoaded] = useState(false);
  useEffect(() => {
    if (menuOpen) setMobileMenuLoaded(true);
  }, [menuOpen]);

  return (
    <header className={styles.header} data-single-line={singleLine || undefined}>
      {!isMobile && !singleLine && (
        <div className={styles.utilityBar}>
          <InfoNav menu={menu} current={current} />
          <AboutLink brandName={tenant.brandName} mobile={false} />
        </div>
      )}
      <div className={styles.headerInner}>
        <Link to={pathFor('home')} className={styles.logo} aria-label={`${tenant.brandName} – ${texts.homeLink.toLowerCase()}`}>
          {tenant.brandName}
        </Link>
        {!isMobile && <DesktopMenu menu={menu} current={current} withInfo={singleLine} />}
        {!isMobile && singleLine && <AboutLink brandName={tenant.brandName} mobile={false} />}
        {/* Single-line brands hide the search (SPEC §2). */}
        {!singleLine && <SearchSlot />}
        <div className={styles.actions}>
          <AccountLinks />
          <CartLink />
          {isMobile && (
            <button
              type="button"
              className={styles.iconButton}
              aria-expanded={menuOpen}
              aria-controls={mobileMenuLoaded ? MOBILE_MENU_ID : undefined}
              onClick={() => toggleMenu()}
              data-testid="menu-toggle"
            >
              <span className={styles.visuallyHidden}>{menuOpen ? texts.closeMenu : texts.openMenu}</span>
              <MenuIcon cross={menuOpen} />
            </button>
          )}
        </div>
      </div>
      {isMobile && mobileMenuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={closeMenu} menu={menu} current={current} brandName={tenant.brandName} />
        </Suspense>
      )}
    </header>
  );
}

function InfoNav({ menu, current }: { menu: Menu; current: CurrentRoute | null }) {
  if (menu.info.length === 0) return null;
  return (
    <nav aria-label={texts.infoMenu}>
      <ul className={styles.menu}>
        {menu.info.map((link) => (
          <li key={link.key}>
            <MenuLinkItem link={link} current={current} className={styles.infoLink} activeClassName={styles.infoLinkActive} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "Om {brand}": the about page on desktop; on mobile the home page's about section (SPEC §2). */
export function AboutLink({ brandName, mobile }: { brandName: string; mobile: boolean }) {
  return (
    <Link to={mobile ? { pathname: '/', hash: '#about' } : pathFor('about')} className={styles.aboutLink}>
      {texts.about(brandName)}
    </Link>
  );
}

/** Hamburger, or a cross while the menu is open (SPEC §4: toggling the menu toggles the cross state). */
function MenuIcon({ cross }: { cross: boolean }) {
  return (
    <svg aria-hidden="true" width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      {cross ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
