import { useLayoutEffect, type ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '../../components/layout/PageHeader';
import { usePreferences } from '../../lib/preferences';
import { useSubscription } from '../../lib/subscription';
import { useSessionUser } from '../../lib/session';
import { DataSection } from '../../features/data/components/DataSection';
import { PersonalInfoSection } from '../../features/profile/components/PersonalInfoSection';
import { PreferencesSection } from '../../features/profile/components/PreferencesSection';
import { PROFILE_SECTIONS, SectionNav } from './SectionNav';
import { SecuritySection } from '../../features/profile/components/SecuritySection';
import { SubscriptionSection } from '../../features/billing/components/SubscriptionSection';
import './profilePage.css';

const SECTION_IDS: ReadonlySet<string> = new Set(PROFILE_SECTIONS.map((s) => s.id));

/** Scrolls to the section named by the URL hash (on arrival and on every hash change). */
function useScrollToHash(): void {
  const { hash, key } = useLocation();
  // Sections grow when their data arrives: scroll again once everything has loaded.
  const { user } = useSessionUser();
  const { subscription } = useSubscription();
  const { isLoaded: preferencesLoaded } = usePreferences();
  const settled = user !== undefined && subscription !== undefined && preferencesLoaded;
  useLayoutEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!SECTION_IDS.has(id)) return;
    const section = document.getElementById(id);
    if (!section) return;
    const reduced =
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // jsdom has no layout: scrolling is checked in the browser tests.
    if (typeof section.scrollIntoView === 'function') {
      section.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    }
    // Move focus along (for keyboard and screen-reader users) unless they are already in a field.
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('.profile-nav')) section.focus({ preventScroll: true });
  }, [hash, key, settled]);
}

export default function ProfilePage(): ReactElement {
  useScrollToHash();
  return (
    <div className="profile-page">
      <PageHeader title="Profile" description="Your personal details, subscription, password, preferences and data." />
      <div className="profile-layout">
        <SectionNav />
        <div className="profile-sections">
          <PersonalInfoSection />
          <SubscriptionSection />
          <SecuritySection />
          <PreferencesSection />
          <DataSection />
        </div>
      </div>
    </div>
  );
}
