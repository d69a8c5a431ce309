import { Stack, Text } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import {
  DEFAULT_ONBOARDING_STAGE_COLOUR,
  ONBOARDING_STAGE_CATEGORIES,
  ONBOARDING_STAGE_CATEGORY_LABELS,
  ONBOARDING_STAGE_NAME_MAX,
  createOnboardingStageBody,
  type OnboardingStageCategory,
} from '@hireloop/contract/onboarding';
import { OrderedStagesEditor, type StageCategories } from '../../../components/ordered-stages-editor.tsx';
import { useOnboardingPermissions, useOnboardingStageMutations, useOnboardingStages } from '../api.ts';

const resolveStage = schemaResolver(createOnboardingStageBody, { sync: true });
const CATEGORIES: StageCategories<OnboardingStageCategory> = {
  values: ONBOARDING_STAGE_CATEGORIES,
  labels: ONBOARDING_STAGE_CATEGORY_LABELS,
  /** Each passes WCAG AA contrast. */
  badges: {
    in_progress: { color: 'blue', variant: 'light' },
    done: { color: 'teal.9', variant: 'filled' },
  },
};

/** The onboarding stages every role's onboarding uses: add, edit, delete, drag to reorder. */
export function StagesSection() {
  const can = useOnboardingPermissions();
  const stages = useOnboardingStages();
  const mutations = useOnboardingStageMutations();
  return (
    <Stack gap="md" maw={900}>
      <Text c="dimmed" size="sm">
        The stages a hire moves through in every role’s onboarding, in order. Hires in a stage of the “Done” category count as onboarded.
        {can.settings ? ' Drag a stage by its handle (or use space and the arrow keys) to change the order.' : ''}
      </Text>
      <OrderedStagesEditor
        query={stages}
        mutations={mutations}
        categories={CATEGORIES}
        validate={resolveStage}
        nameMax={ONBOARDING_STAGE_NAME_MAX}
        canManage={can.settings}
        initialValues={{ name: '', colour: DEFAULT_ONBOARDING_STAGE_COLOUR, category: 'in_progress' }}
        addedMessage={(name) => `${name} added to the onboarding stages.`}
        label="Onboarding stages"
        loadingHeight={200}
        loadErrorTitle="The onboarding stages could not be loaded"
        empty={{
          title: 'No onboarding stages yet',
          description: can.settings
            ? 'Add the stages a new hire goes through, from offer accepted to done.'
            : 'An admin has not set any up yet.',
        }}
        deleteMessage={(stage) =>
          `The stage “${stage.name}” will be removed from every role’s onboarding. A stage that still holds hires cannot be deleted.`
        }
      />
    </Stack>
  );
}
