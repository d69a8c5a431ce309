import { Stack, Text, Title } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import {
  DEFAULT_STATUS_COLOUR,
  RECRUITMENT_STATUS_NAME_MAX,
  STATUS_CATEGORIES,
  STATUS_CATEGORY_LABELS,
  createRecruitmentStatusBody,
  type StatusCategory,
} from '@hireloop/contract/recruitment-statuses';
import { OrderedStagesEditor, type StageCategories } from '../../../components/ordered-stages-editor.tsx';
import { useAuth } from '../../session/auth-store.ts';
import { useRecruitmentStatuses } from '../../session/organisation-lists.ts';
import { useRecruitmentStatusMutations } from '../recruitment/api.ts';
import { NoOrganisation } from '../recruitment/components/no-organisation.tsx';

const resolveStatus = schemaResolver(createRecruitmentStatusBody, { sync: true });
const CATEGORIES: StageCategories<StatusCategory> = {
  values: STATUS_CATEGORIES,
  labels: STATUS_CATEGORY_LABELS,
  /** Each passes WCAG AA contrast (a light green tint does not, so hired is filled). */
  badges: {
    in_progress: { color: 'blue', variant: 'light' },
    hired: { color: 'teal.9', variant: 'filled' },
    rejected: { color: 'red', variant: 'light' },
  },
};

/** /settings/recruitment-status: the pipeline every recruitment uses — add, edit, delete, drag to reorder. */
export function RecruitmentStatusPage() {
  const { currentOrganisation } = useAuth();
  const canManage = currentOrganisation?.permissions.includes('recruitment_settings.manage') ?? false;
  const statuses = useRecruitmentStatuses();
  const mutations = useRecruitmentStatusMutations();

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1}>Recruitment status</Title>
        <Text c="dimmed">
          The stages a candidate moves through in every recruitment, in order. The pipeline always keeps at least one stage in progress, one
          for hires and one for rejections.
          {canManage ? ' Drag a stage by its handle (or use space and the arrow keys) to change the order.' : ''}
        </Text>
      </Stack>
      {currentOrganisation ? (
        <OrderedStagesEditor
          query={statuses}
          mutations={mutations}
          categories={CATEGORIES}
          validate={resolveStatus}
          nameMax={RECRUITMENT_STATUS_NAME_MAX}
          canManage={canManage}
          initialValues={{ name: '', colour: DEFAULT_STATUS_COLOUR, category: 'in_progress' }}
          addedMessage={(name) => `${name} added to the pipeline.`}
          label="Recruitment statuses"
          loadingHeight={240}
          loadErrorTitle="The pipeline could not be loaded"
          empty={{
            title: 'No recruitment statuses yet',
            description: canManage
              ? 'Add the stages of your pipeline: at least one in progress, one for hires and one for rejections.'
              : 'An admin has not set any up yet.',
          }}
          deleteMessage={(status) =>
            `The stage “${status.name}” will be removed from the pipeline of every recruitment. The stages after it move up one place.`
          }
        />
      ) : (
        <NoOrganisation />
      )}
    </Stack>
  );
}
