import type { NavItem } from '../components/layout/AppShell';

export const NAV_ITEMS: ReadonlyArray<NavItem> = [
  { to: '/', label: 'Dashboard', icon: 'dashboard' },
  { to: '/vitals', label: 'Record Vitals', icon: 'vitals' },
  { to: '/history', label: 'History', icon: 'history' },
  { to: '/medications', label: 'Medications', icon: 'medications' },
  { to: '/reports', label: 'Reports', icon: 'reports' },
  { to: '/profile', label: 'Profile', icon: 'profile' },
];
