import type { ReactElement } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { cx } from '../../lib/cx';

export const PROFILE_SECTIONS = [
  { id: 'profile-personal', label: 'Personal Information' },
  { id: 'profile-subscription', label: 'Subscription' },
  { id: 'profile-security', label: 'Security' },
  { id: 'profile-preferences', label: 'Preferences' },
  { id: 'profile-data', label: 'Your data' },
] as const;

/** In-page links to the sections; the URL hash scrolls to the section. */
export function SectionNav(): ReactElement {
  const { hash } = useLocation();
  return (
    <nav className="profile-nav" aria-label="Profile sections">
      <ul>
        {PROFILE_SECTIONS.map((section) => {
          const current = hash === `#${section.id}`;
          return (
            <li key={section.id}>
              <Link
                to={{ hash: `#${section.id}` }}
                className={cx('profile-nav-link', current && 'profile-nav-link-current')}
                aria-current={current ? 'location' : undefined}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
