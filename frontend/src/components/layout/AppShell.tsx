import { useId, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Icon, type IconName } from '../icons/Icon';
import { Spinner } from '../feedback/Spinner';
import { OfflineBanner } from '../feedback/OfflineBanner';
import { cx } from '../../lib/cx';
import { PRODUCT_NAME } from '../../lib/useDocumentTitle';
import './shell.css';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  /** The central action of the phone's tab bar. */
  primary?: boolean;
}

export interface AppShellProps {
  navItems: ReadonlyArray<NavItem>;
  /** The phone's bottom tab bar (none when empty). */
  tabItems?: ReadonlyArray<NavItem>;
  /** Name shown in the header for the signed-in user. */
  userName: string;
  onLogout: () => void;
  loggingOut?: boolean;
  children: ReactNode;
}

/** Header (product, user, logout), side menu (a drawer on phones) and the main area. */
export function AppShell({ navItems, tabItems = [], userName, onLogout, loggingOut = false, children }: AppShellProps): ReactElement {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const closeMenu = (): void => setMenuOpen(false);

  // While open on a phone: Escape closes it and focus returns to the toggle.
  useLayoutEffect(() => {
    if (!menuOpen) return undefined;
    navRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className={cx('shell', menuOpen && 'shell-menu-open')}>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <header className="shell-header">
        <div className="shell-header-start">
          <button
            ref={toggleRef}
            type="button"
            className="shell-menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={navId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} size={22} />
          </button>
          <NavLink to="/" className="shell-brand" aria-label={`${PRODUCT_NAME} dashboard`} onClick={closeMenu}>
            <span className="brand-mark" aria-hidden="true">
              <Icon name="logo" size={20} />
            </span>
            <span className="brand-name">{PRODUCT_NAME}</span>
          </NavLink>
        </div>
        <div className="shell-header-end">
          <span className="shell-user" title={userName}>
            <span className="shell-user-avatar" aria-hidden="true">
              {userName.trim().charAt(0).toUpperCase() || '?'}
            </span>
            <span className="shell-user-name">
              <span className="visually-hidden">Signed in as </span>
              {userName}
            </span>
          </span>
          <button type="button" className="btn btn-secondary btn-sm shell-logout" onClick={onLogout} disabled={loggingOut}>
            {loggingOut ? <Spinner size="sm" /> : <Icon name="logout" size={18} />}
            <span>{loggingOut ? 'Logging out…' : 'Logout'}</span>
          </button>
        </div>
      </header>
      <OfflineBanner>Pages that need the server will load when you&apos;re back.</OfflineBanner>

      <div className="shell-body">
        <nav ref={navRef} id={navId} className="shell-nav" aria-label="Main">
          <ul>
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  onClick={closeMenu}
                  className={({ isActive }) => cx('shell-nav-link', isActive && 'shell-nav-link-active')}
                >
                  <Icon name={item.icon} size={20} />
                  <span>{item.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {menuOpen ? <div className="shell-backdrop" aria-hidden="true" onClick={closeMenu} /> : null}
        <main id="main-content" className={cx('shell-main', tabItems.length > 0 && 'shell-main-tabbed')} tabIndex={-1}>
          {children}
        </main>
      </div>
      {tabItems.length > 0 ? (
        <nav className="shell-tabs" aria-label="Tabs">
          <ul>
            {tabItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  onClick={closeMenu}
                  aria-label={item.primary ? 'Record Vitals' : undefined}
                  className={({ isActive }) => cx('shell-tab', item.primary && 'shell-tab-primary', isActive && 'shell-tab-active')}
                >
                  <span className="shell-tab-icon">
                    <Icon name={item.icon} size={item.primary ? 24 : 22} />
                  </span>
                  <span className="shell-tab-label">{item.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
