import { Button, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** A back-office list's title with its "Novo …" button. */
export function ListHeader({ title, addLabel, onAdd }: { title: string; addLabel: string; onAdd(): void }) {
  return (
    <Group justify="space-between">
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
        {addLabel}
      </Button>
    </Group>
  );
}
