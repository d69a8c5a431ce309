import type { TeamDetail } from '@hireloop/contract/teams';
import { IconBuilding } from '@tabler/icons-react';
import { ImageUploadField } from '../../../components/image-upload-field.tsx';
import { useTeamLogo } from '../api.ts';

/** The team's or client's logo on its page: shown to everyone, changed by those who manage teams. */
export function TeamLogoField({ team, canManage }: { team: TeamDetail; canManage: boolean }) {
  const { upload, remove } = useTeamLogo(team.id);
  const noun = team.kind === 'client' ? 'client logo' : 'team logo';
  return (
    <ImageUploadField
      label="Logo"
      description={
        team.kind === 'client' ? 'Shown with the client’s roles and recruitments.' : 'Shown with the team’s roles and recruitments.'
      }
      currentUrl={team.logo_url}
      fallback={<IconBuilding size={28} aria-hidden />}
      noun={noun}
      radius="md"
      field="logo"
      disabled={!canManage}
      onUpload={(file) => upload.mutateAsync(file)}
      onRemove={() => remove.mutateAsync()}
    />
  );
}
