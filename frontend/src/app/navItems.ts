import type { NavItem } from '../components/layout/AppShell';

export const NAV_ITEMS: ReadonlyArray<NavItem> = [
  { to: '/', label: 'Dashboard', icon: 'dashboard' },
  { to: '/vitals', label: 'Record Vitals', icon: 'vitals' },
  { to: '/history', label: 'History', icon: 'history' },
  { to: '/medications', label: 'Medications', icon: 'medications' },
  { to: '/reports', label: 'Reports', icon: 'reports' },
  { to: '/profile', label: 'Profile', icon: 'profile' },
];

/**
 * The phone's bottom tab bar (issue 36): the four places a person returns to, with Record
 * Vitals as the central action; everything else stays in the menu.
 */
export const TAB_ITEMS: ReadonlyArray<NavItem & { primary?: boolean }> = [
  { to: '/', label: 'Dashboard', icon: 'dashboard' },
  { to: '/history', label: 'History', icon: 'history' },
  { to: '/vitals', label: 'Record', icon: 'plus', primary: true },
  { to: '/medications', label: 'Medications', icon: 'medications' },
  { to: '/profile', label: 'Profile', icon: 'profile' },
];
