import { Anchor, Button, Group, Loader, Stack } from '@mantine/core';
import { IconArrowLeft, IconBriefcase } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { useRecruitment } from '../api.ts';
import { RecruitmentHeader } from './recruitment-header.tsx';

type Section = { label: string; path: string };

const RECRUITMENT_SECTIONS: Section[] = [
  { label: 'Analytics', path: '' },
  { label: 'Candidates', path: 'candidates' },
  { label: 'Interviews', path: 'interviews' },
  { label: 'Offers', path: 'offers' },
];

type RecruitmentDetailLayoutProps = {
  /** `recruitment` for /recruitment/:recruitment/*, `onboarding` for /onboarding/:onboarding (docs/product.md §5 reuses the layout). */
  kind: 'recruitment' | 'onboarding';
};

/** The frame around one recruitment (or one onboarding role): a way back, its header and its sections. */
export function RecruitmentDetailLayout({ kind }: RecruitmentDetailLayoutProps) {
  const params = useParams();
  const id = kind === 'recruitment' ? params.recruitment : params.onboarding;
  const back = kind === 'recruitment' ? { to: '/recruitment', label: 'All recruitments' } : { to: '/onboarding', label: 'Onboarding' };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {back.label}
        </Group>
      </Anchor>
      {kind === 'recruitment' ? (
        <RecruitmentFrame id={id ?? ''} />
      ) : (
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      )}
    </Stack>
  );
}

function RecruitmentFrame({ id }: { id: string }) {
  const { pathname } = useLocation();
  const recruitment = useRecruitment(id);
  const base = `/recruitment/${encodeURIComponent(id)}`;

  if (recruitment.isError) {
    return (
      <LoadFailure
        heading="Recruitment"
        icon={<IconBriefcase size={28} aria-hidden />}
        error={recruitment.error}
        missing={{ title: 'No such recruitment', description: 'This recruitment does not exist or was deleted.' }}
        failedTitle="The recruitment could not be loaded"
        back={{ to: '/recruitment', label: 'Back to recruitments' }}
      />
    );
  }

  return (
    <>
      {recruitment.data ? <RecruitmentHeader recruitment={recruitment.data} /> : <Loader size="sm" aria-label="Loading the recruitment" />}
      <Group component="nav" aria-label="Recruitment sections" gap="xs">
        {RECRUITMENT_SECTIONS.map((section) => {
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
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </>
  );
}
