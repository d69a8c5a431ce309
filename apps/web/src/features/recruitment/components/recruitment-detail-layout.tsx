import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router';

type Section = { label: string; path: string };

const RECRUITMENT_SECTIONS: Section[] = [
  { label: 'Analytics', path: '' },
  { label: 'Candidates', path: 'candidates' },
  { label: 'Interviews', path: 'interviews' },
  { label: 'Offers', path: 'offers' },
];

type RecruitmentDetailLayoutProps = {
  /** `recruitment` for /recruitment/:recruitment/*, `onboarding` for /onboarding/:onboarding (SPEC §2 reuses the layout). */
  kind: 'recruitment' | 'onboarding';
};

/** The frame around one recruitment (or one onboarding role): a way back and its sections. */
export function RecruitmentDetailLayout({ kind }: RecruitmentDetailLayoutProps) {
  const params = useParams();
  const { pathname } = useLocation();
  const id = kind === 'recruitment' ? params.recruitment : params.onboarding;
  const base = `/${kind}/${encodeURIComponent(id ?? '')}`;
  const sections = kind === 'recruitment' ? RECRUITMENT_SECTIONS : [];
  const back = kind === 'recruitment' ? { to: '/recruitment', label: 'All recruitments' } : { to: '/onboarding', label: 'Onboarding' };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {back.label}
        </Group>
      </Anchor>
      {sections.length > 0 ? (
        <Group component="nav" aria-label="Recruitment sections" gap="xs">
          {sections.map((section) => {
            const to = section.path ? `${base}/${section.path}` : base;
            const active = pathname.replace(/\/+$/, '') === to;
            return (
              <Button
                key={section.label}
                component={Link}
                to={to}
                size="xs"
                variant={active ? 'filled' : 'default'}
                aria-current={active ? 'page' : undefined}
              >
                {section.label}
              </Button>
            );
          })}
        </Group>
      ) : null}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
