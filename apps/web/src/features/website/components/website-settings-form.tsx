import { Button, ColorInput, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { WEBSITE_HEADLINE_MAX, WEBSITE_INTRO_MAX, websitePatchBody, type Website } from '@hireloop/contract/website';
import { IconWorld } from '@tabler/icons-react';
import { ImageUploadField } from '../../../components/image-upload-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useUpdateWebsite, useWebsiteLogo } from '../api.ts';

type SettingsValues = { headline: string; intro: string; brand_colour: string };
const FIELDS: ReadonlyArray<keyof SettingsValues> = ['headline', 'intro', 'brand_colour'];
const SWATCHES = ['#1c7ed6', '#364fc7', '#6741d9', '#0b7285', '#2b8a3e', '#e8590c', '#c92a2a', '#212529'];

const validate = schemaResolver(websitePatchBody, { sync: true });
const valuesOf = (site: Website): SettingsValues => ({ headline: site.headline, intro: site.intro, brand_colour: site.brand_colour });

/**
 * Headline, intro, brand colour and logo of the careers site. On a refusal the server's field
 * messages go on the fields and what was typed stays.
 */
export function WebsiteSettingsForm({ site, canManage }: { site: Website; canManage: boolean }) {
  const update = useUpdateWebsite();
  const { upload, remove } = useWebsiteLogo();
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues: valuesOf(site),
    validate: (values) => validate({ ...values, headline: values.headline.trim(), intro: values.intro.trim() }),
  });

  async function submit(values: SettingsValues) {
    try {
      const saved = await update.mutateAsync({
        headline: values.headline.trim(),
        intro: values.intro.trim(),
        brand_colour: values.brand_colour.trim().toLowerCase(),
      });
      form.setValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
      toastSuccess('The careers site is saved.');
    } catch (error) {
      const known = Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {}).filter(([field]) =>
        (FIELDS as readonly string[]).includes(field),
      );
      if (known.length > 0) form.setErrors(Object.fromEntries(known.map(([field, texts]) => [field, texts[0]])));
      else toastError(error);
    }
  }
  const saving = useSubmitOnce(submit, update.isPending);

  return (
    <Stack gap="lg">
      <ImageUploadField
        label="Logo"
        description="Shown at the top of your careers site. It is fitted within 512×512 pixels."
        currentUrl={site.logo_url}
        fallback={<IconWorld size={28} aria-hidden />}
        noun="logo"
        radius="md"
        field="logo"
        disabled={!canManage}
        onUpload={(file) => upload.mutateAsync(file)}
        onRemove={() => remove.mutateAsync()}
      />
      <form onSubmit={form.onSubmit((values) => void saving.run(values))} noValidate aria-label="Careers site settings">
        <Stack gap="md" maw={640}>
          {!canManage ? (
            <Text size="sm" c="dimmed">
              Only owners, admins and recruiters can change the careers site.
            </Text>
          ) : null}
          <TextInput
            label="Headline"
            description="The careers site's main heading."
            required
            maxLength={WEBSITE_HEADLINE_MAX}
            readOnly={!canManage}
            {...form.getInputProps('headline')}
          />
          <Textarea
            label="Intro"
            description="A few words about working with you. Leave a blank line between paragraphs."
            autosize
            minRows={3}
            maxRows={10}
            maxLength={WEBSITE_INTRO_MAX}
            readOnly={!canManage}
            {...form.getInputProps('intro')}
          />
          <ColorInput
            label="Brand colour"
            description="Used for buttons and links on the careers site, as #rrggbb."
            format="hex"
            swatches={SWATCHES}
            withEyeDropper={false}
            readOnly={!canManage}
            maw={240}
            {...form.getInputProps('brand_colour')}
          />
          {canManage ? (
            <Group>
              <Button type="submit" loading={saving.busy} disabled={!form.isDirty()}>
                Save changes
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
