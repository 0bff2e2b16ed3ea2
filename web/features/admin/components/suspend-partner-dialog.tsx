import { Button, Flex, Group, Modal, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { formatBrl, formatShortDate } from '#web/lib/format.ts';
import type { PartnerFuture } from '../api.ts';
import { text } from '../messages.ts';

const t = text.suspend;

interface Props {
  name: string;
  future: PartnerFuture | undefined;
  pending: 'keep' | 'cancel' | undefined;
  onKeep(): void;
  onCancelAll(): void;
  onClose(): void;
}

/**
 * Suspending a partner whose rooms still have bookings ahead: how many, how much, which ones, and
 * the operator's choice between keeping them and canceling them all with full refunds.
 */
export function SuspendPartnerDialog({ name, future, pending, onKeep, onCancelAll, onClose }: Props) {
  const list = future?.appointments ?? [];
  return (
    <Modal opened={Boolean(future)} onClose={onClose} title={t.title(name)} centered size="lg">
      <Stack>
        <Text size="sm">{t.intro}</Text>
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{t.count(list.length)}</Text>
          <Text fw={700}>{t.total(formatBrl(future?.total_cents ?? 0))}</Text>
        </Group>
        <Paper withBorder radius="sm">
          <ScrollArea.Autosize
            mah={240}
            type="auto"
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t.listLabel }}
          >
            <Stack component="ul" gap={0} m={0} p={0} aria-label={t.listLabel} style={{ listStyle: 'none' }}>
              {list.map((a) => (
                <li key={a.uuid}>
                  <Group
                    justify="space-between"
                    wrap="nowrap"
                    gap="xs"
                    px="sm"
                    py={6}
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  >
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {formatShortDate(a.date_time)} {a.date_time.slice(11, 16)} · {a.room.name}
                      </Text>
                      <Text size="xs" truncate>
                        {a.customer.name}
                      </Text>
                    </div>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatBrl(a.amount_cents)}
                    </Text>
                  </Group>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
        <Text size="sm">{t.keepHint}</Text>
        <Text size="sm">{t.cancelHint}</Text>
        {/* On a phone the choices stack, the destructive one on top, "Voltar" last. */}
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button variant="subtle" onClick={onClose} disabled={Boolean(pending)}>
            {t.back}
          </Button>
          <Button
            variant="default"
            onClick={onKeep}
            loading={pending === 'keep'}
            disabled={pending === 'cancel'}
          >
            {t.keep}
          </Button>
          <Button
            color="red.9"
            onClick={onCancelAll}
            loading={pending === 'cancel'}
            disabled={pending === 'keep'}
          >
            {t.cancelAll}
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}
