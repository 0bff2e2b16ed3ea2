import { Button, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { roundIcon } from './mantine-vars.ts';

interface Props {
  opened: boolean;
  onClose(): void;
  title?: string;
  message?: string;
}

/** SPEC §2: default title "Sucesso!", default message that the information was saved. */
export function SuccessDialog({
  opened,
  onClose,
  title = 'Sucesso!',
  message = 'Informações Atualizadas com Sucesso!',
}: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon color="green" vars={roundIcon} size="lg" aria-hidden="true">
          <IconCheck size={20} />
        </ThemeIcon>
        <Text>{message}</Text>
      </Group>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>Fechar</Button>
      </Group>
    </Modal>
  );
}
