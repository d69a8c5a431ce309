import {
  IconArrowLeft,
  IconBriefcase,
  IconBuilding,
  IconCreditCard,
  IconKey,
  IconLayoutDashboard,
  IconListCheck,
  IconProgressCheck,
  IconRocket,
  IconSettings,
  IconStairs,
  IconUser,
  IconUserSearch,
  IconUsers,
  IconUsersGroup,
  IconWorld,
  IconBuildingSkyscraper,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export type NavItem = {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;
  /** Other path prefixes that count as this item being active (e.g. /clients for Teams). */
  alsoActiveFor?: string[];
};

/** The main layout's navigation (docs/product.md §5, main layout group). */
export const mainNavigation: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Teams', to: '/teams', icon: IconUsersGroup, alsoActiveFor: ['/clients'] },
  { label: 'Jobs', to: '/jobs', icon: IconBriefcase, alsoActiveFor: ['/roles'] },
  { label: 'Recruitment', to: '/recruitment', icon: IconUserSearch },
  { label: 'Website', to: '/website', icon: IconWorld },
  { label: 'Onboarding', to: '/onboarding', icon: IconRocket },
  { label: 'Settings', to: '/settings/me', icon: IconSettings, alsoActiveFor: ['/settings'] },
];

export type NavSection = { label: string; items: NavItem[]; needsOrganisation: boolean };

/** The settings layout's side navigation (docs/product.md §5, settings group). */
export const settingsNavigation: NavSection[] = [
  {
    label: 'Account',
    needsOrganisation: false,
    items: [
      { label: 'My settings', to: '/settings/me', icon: IconUser },
      { label: 'My organisations', to: '/settings/my-organisations', icon: IconBuildingSkyscraper },
    ],
  },
  {
    label: 'Organisation',
    needsOrganisation: true,
    items: [
      { label: 'Organisation', to: '/settings/organisation', icon: IconBuilding },
      { label: 'Users', to: '/settings/organisation-users', icon: IconUsers },
      { label: 'Billing', to: '/settings/billing', icon: IconCreditCard },
    ],
  },
  {
    label: 'Recruitment',
    needsOrganisation: true,
    items: [
      { label: 'Recruitment settings', to: '/settings/recruitment', icon: IconListCheck },
      { label: 'Experience levels', to: '/settings/experience-levels', icon: IconStairs },
      { label: 'Recruitment status', to: '/settings/recruitment-status', icon: IconProgressCheck },
      { label: 'API keys', to: '/settings/api-keys', icon: IconKey },
    ],
  },
];

export const backToApp: NavItem = { label: 'Back to dashboard', to: '/dashboard', icon: IconArrowLeft };

/** Active when the path is the item's, below it, or one of its aliases. */
export function isActive(item: NavItem, pathname: string): boolean {
  const prefixes = [item.to, ...(item.alsoActiveFor ?? [])];
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
