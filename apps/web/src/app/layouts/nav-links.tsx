import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isActive, type NavItem } from './navigation.ts';

/** Router-aware Mantine NavLinks; the active one carries aria-current="page". */
export function NavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return items.map((item) => {
    const active = isActive(item, pathname);
    const Icon = item.icon;
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={item.label}
        leftSection={<Icon size={18} stroke={1.7} aria-hidden />}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
  });
}
