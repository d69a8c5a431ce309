import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Avatar, Box, Button, Group, Paper, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { NOTE_MAX } from '@hireloop/contract/candidates';
import type { OrganisationUser } from '@hireloop/contract/users';
import { newClientId } from '../../../../lib/client-id.ts';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { activeMentionQuery, serialiseMentions, type Mention } from '../mentions.ts';
import { initials } from '@hireloop/contract/initials';
import { useMembers } from '../../../session/organisation-lists.ts';

const SUGGESTIONS_MAX = 6;

type Props = {
  /**
   * Sends the body with its `@[Name](id)` marks and the note's client id (the same for every try of
   * one note, so a repeat makes no second note); resolves when saved (the composer then clears).
   */
  onSubmit: (body: string, clientId: string) => Promise<unknown>;
  submitting: boolean;
  /** The server's refusal of the body (422), shown under the field. */
  error?: string | null;
};

function matches(user: OrganisationUser, query: string): boolean {
  const q = query.toLowerCase();
  if (q === '') return true;
  return (
    user.name
      .toLowerCase()
      .split(/\s+/)
      .some((part) => part.startsWith(q)) ||
    user.name.toLowerCase().startsWith(q) ||
    (user.email ?? '').toLowerCase().startsWith(q)
  );
}

/** A note editor where typing @ offers colleagues to mention; arrows move, Enter or Tab picks, Esc closes. */
export function MentionComposer({ onSubmit, submitting, error = null }: Props) {
  const listId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const members = useMembers();
  const noteId = useRef(newClientId());
  const saving = useSubmitOnce(submit, submitting);

  const mentionQuery = activeMentionQuery(text, caret);
  const suggestions = useMemo(() => {
    if (!mentionQuery || mentionQuery.start === dismissedAt) return [];
    return (members.data ?? []).filter((u) => matches(u, mentionQuery.query)).slice(0, SUGGESTIONS_MAX);
  }, [members.data, mentionQuery, dismissedAt]);
  const open = suggestions.length > 0;
  const activeIndex = Math.min(active, Math.max(suggestions.length - 1, 0));

  function update(value: string, position: number) {
    setText(value);
    setCaret(position);
    setActive(0);
    setLocalError(null);
  }

  function choose(user: OrganisationUser) {
    if (!mentionQuery) return;
    const inserted = `@${user.name} `;
    const next = text.slice(0, mentionQuery.start) + inserted + text.slice(caret);
    const position = mentionQuery.start + inserted.length;
    setMentions((current) => (current.some((m) => m.id === user.id) ? current : [...current, { id: user.id, name: user.name }]));
    // The new text is on screen before the caret moves, at once: a caret set a frame later put
    // what the person had typed meanwhile after the mention, and the rest of it before.
    flushSync(() => update(next, position));
    textareaRef.current?.focus();
    textareaRef.current?.setSelectionRange(position, position);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const user = suggestions[activeIndex];
        if (user) {
          event.preventDefault();
          choose(user);
        }
        return;
      }
      if (event.key === 'Escape') {
        // Closes the list, not the drawer (see data-mantine-stop-propagation).
        event.preventDefault();
        setDismissedAt(mentionQuery?.start ?? null);
        return;
      }
    }
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void saving.run();
    }
  }

  async function submit() {
    const trimmed = text.trim();
    if (trimmed === '') {
      setLocalError('Write a note.');
      return;
    }
    if (trimmed.length > NOTE_MAX) {
      setLocalError(`A note may not be longer than ${NOTE_MAX} characters.`);
      return;
    }
    try {
      await onSubmit(
        serialiseMentions(
          trimmed,
          mentions.filter((m) => trimmed.includes(`@${m.name}`)),
        ),
        noteId.current,
      );
      noteId.current = newClientId();
      update('', 0);
      setMentions([]);
      setDismissedAt(null);
    } catch {
      // The caller shows the refusal (toast and field error); the text stays for another try.
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  const chosen = mentions.filter((m) => text.includes(`@${m.name}`));

  return (
    <Stack gap="xs">
      <Box pos="relative">
        <Textarea
          ref={textareaRef}
          label="New note"
          description="Type @ to mention a colleague; they are notified. Ctrl+Enter saves."
          placeholder="Write a note…"
          autosize
          minRows={3}
          maxRows={10}
          value={text}
          error={localError ?? error}
          onChange={(event) => update(event.currentTarget.value, event.currentTarget.selectionStart)}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(activeIndex) : undefined}
          data-mantine-stop-propagation={open ? 'true' : undefined}
        />
        {open ? (
          <Paper
            withBorder
            shadow="md"
            p={4}
            pos="absolute"
            left={0}
            right={0}
            style={{ zIndex: 10, top: '100%' }}
            id={listId}
            role="listbox"
            aria-label="Colleagues to mention"
          >
            {suggestions.map((user, index) => (
              <UnstyledButton
                key={user.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                tabIndex={-1}
                w="100%"
                px="xs"
                py={4}
                style={{
                  borderRadius: 4,
                  background: index === activeIndex ? 'var(--mantine-color-default-hover)' : undefined,
                }}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(user)}
              >
                <Group gap="xs" wrap="nowrap">
                  <Avatar src={user.avatar_url} size="sm" alt="">
                    {initials(user.name)}
                  </Avatar>
                  <Text size="sm">{user.name}</Text>
                  {user.email ? (
                    <Text size="xs" c="dimmed" truncate>
                      {user.email}
                    </Text>
                  ) : null}
                </Group>
              </UnstyledButton>
            ))}
          </Paper>
        ) : null}
      </Box>
      <Group justify="space-between" align="center">
        <Text size="xs" c="dimmed" aria-live="polite">
          {chosen.length > 0 ? `Mentions: ${chosen.map((m) => m.name).join(', ')}` : ''}
        </Text>
        <Button onClick={() => void saving.run()} loading={saving.busy}>
          Add note
        </Button>
      </Group>
    </Stack>
  );
}
