import { Alert, Anchor, Text } from '@mantine/core';
import { PERMISSIONS } from '@hireloop/contract/permissions';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { roleLabel } from '../../../session/role-label.ts';

/** Where interview types are added: settings → recruitment, at its interview types section. */
export const INTERVIEW_TYPES_SETTINGS = '/settings/recruitment#interview-types-title';

/** “an owner, admin or recruiter”: the roles that may manage interview types. */
function whoMayAddTypes(): string {
  const names = PERMISSIONS['interview_types.manage'].roles.map((role) => roleLabel(role).toLowerCase());
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return `${/^[aeiou]/.test(list) ? 'an' : 'a'} ${list}`;
}

/** The schedule form when the organisation has no interview type yet: why it cannot go on, and where to add one. */
export function NoInterviewTypes({ canManage }: { canManage: boolean }) {
  const titleId = useId();
  return (
    <Alert
      role="status"
      aria-labelledby={titleId}
      color="blue"
      variant="light"
      c="blue"
      styles={{ title: { color: 'inherit' } }}
      icon={<IconInfoCircle size={20} aria-hidden />}
      title={<span id={titleId}>No interview types yet</span>}
    >
      <Text size="sm">
        An interview needs a type: it names the interview and fills in the questions and criteria interviewers rate.{' '}
        {canManage ? (
          <Anchor component={Link} to={INTERVIEW_TYPES_SETTINGS} size="sm" c="inherit" fw={600} underline="always">
            Add interview types
          </Anchor>
        ) : (
          `Ask ${whoMayAddTypes()} to add one in Recruitment settings.`
        )}
      </Text>
    </Alert>
  );
}
