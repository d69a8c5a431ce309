import { useState } from 'react';
import { ActionIcon, Avatar, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ApplicationDetail, Note } from '@hireloop/contract/candidates';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { describeError, toastPromise, toastSuccess } from '../../../../lib/toasts.ts';
import { useAuth } from '../../../session/auth-store.ts';
import { useCreateNote, useDeleteNote, useNotes, usePanelPermissions } from '../api.ts';
import { noteSegments } from '../mentions.ts';
import { RelativeTime } from '../time.tsx';
import { MentionComposer } from './mention-composer.tsx';
import { initials } from '@hireloop/contract/initials';

/** A note's text with its mentions as highlighted names (the signed-in user's own in another colour). */
export function NoteBody({ body, me }: { body: string; me: string | null }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {noteSegments(body).map((segment, index) =>
        segment.kind === 'text' ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <Badge
            key={index}
            component="span"
            variant={segment.id === me ? 'filled' : 'light'}
            color={segment.id === me ? 'indigo' : 'blue'}
            radius="sm"
            tt="none"
            fw={600}
            size="md"
            data-mention={segment.id}
            style={{ verticalAlign: 'baseline' }}
          >
            @{segment.name}
          </Badge>
        ),
      )}
    </Text>
  );
}

export function NotesTab({ application }: { application: ApplicationDetail }) {
  const can = usePanelPermissions();
  const auth = useAuth();
  const me = auth.user?.id ?? null;
  const notes = useNotes(application.candidate.id);
  const create = useCreateNote(application);
  const remove = useDeleteNote(application.candidate.id);
  const [error, setError] = useState<string | null>(null);
  const erased = application.candidate.erased_at !== null;

  async function add(body: string, clientId: string) {
    setError(null);
    try {
      await toastPromise(create.mutateAsync({ body, clientId }), { loading: 'Adding the note…', success: 'Note added.' });
    } catch (e) {
      setError(e instanceof ApiError && e.errors ? (Object.values(e.errors)[0]?.[0] ?? e.message) : null);
      throw e;
    }
  }

  const [deleting, setDeleting] = useState<Note | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    await remove.mutateAsync(deleting.id);
    toastSuccess('Note deleted.');
  }

  return (
    <Stack gap="md">
      {can.note && !erased ? <MentionComposer onSubmit={add} submitting={create.isPending} error={error} /> : null}
      {notes.isPending ? (
        <Loader size="sm" aria-label="Loading notes" />
      ) : notes.isError ? (
        <Text size="sm" c="red">
          {describeError(notes.error).message}
        </Text>
      ) : notes.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes yet.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label="Notes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {notes.data.map((note) => (
            <Paper key={note.id} component="li" withBorder p="sm" radius="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap" mb={4}>
                <Group gap="xs" wrap="nowrap">
                  <Avatar src={note.author?.avatar_url} size="sm" alt="">
                    {initials(note.author?.name ?? 'Former member')}
                  </Avatar>
                  <Text size="sm" fw={600}>
                    {note.author?.name ?? 'Former member'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <RelativeTime iso={note.created_at} />
                  </Text>
                </Group>
                {/* The server says who may (packages/contract/src/policies/notes.ts). */}
                {note.policies.delete ? (
                  <ActionIcon variant="subtle" color="red" size="sm" aria-label="Delete note" onClick={() => setDeleting(note)}>
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
              <NoteBody body={note.body} me={me} />
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmModal
        subject={deleting ? { title: 'Delete note', message: 'Delete this note? This cannot be undone.', confirmLabel: 'Delete' } : null}
        pending={remove.isPending}
        failedTitle="The note was not deleted"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
