import { Box, Button, Container, Group, Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { text } from '../messages.ts';

/**
 * The floating help buttons sit above a bar fixed at the bottom when it publishes its height in
 * this variable (web/app/layouts/shell.css; the room page's booking bar does the same).
 */
const BAR_HEIGHT_VAR = '--salas-booking-bar-height';

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
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    const node = bar.current;
    if (!node) return;
    const publish = () => root.style.setProperty(BAR_HEIGHT_VAR, `${node.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BAR_HEIGHT_VAR);
    };
  }, []);
  return (
    <>
      {/* Room for the bar at the end of the page, so it never covers the last section. */}
      <Box h={`var(${BAR_HEIGHT_VAR}, 64px)`} aria-hidden="true" />
      <Paper
        ref={bar}
        component="section"
        aria-label={text.room.saveBar}
        shadow="lg"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        py="sm"
        style={{
          zIndex: 140,
          borderTop: '1px solid var(--mantine-color-gray-3)',
          paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))',
        }}
      >
        <Container size="xl">
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
        </Container>
      </Paper>
    </>
  );
}
