import { Button, Group, Text } from '@mantine/core';
import { FixedBottomBar } from '#web/components/fixed-bottom-bar.tsx';
import { text } from '../messages.ts';

/**
 * The room editor's one "Salvar" (decision 0038), always at the bottom of the window: it says
 * whether something waits to be saved, and offers to discard it.
 */
export function SaveBar({
  dirty,
  saving,
  onSave,
  onDiscard,
}: {
  dirty: boolean;
  saving: boolean;
  onSave(): void;
  onDiscard(): void;
}) {
  return (
    <FixedBottomBar label={text.room.saveBar}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={dirty ? 700 : 400} c={dirty ? 'orange.9' : 'dimmed'} aria-live="polite">
          {dirty ? text.room.unsaved : text.room.allSaved}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {dirty && (
            <Button variant="default" onClick={onDiscard} disabled={saving}>
              {text.room.discard}
            </Button>
          )}
          <Button onClick={onSave} loading={saving} disabled={!dirty}>
            {text.save}
          </Button>
        </Group>
      </Group>
    </FixedBottomBar>
  );
}
