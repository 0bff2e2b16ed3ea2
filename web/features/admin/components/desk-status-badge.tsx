import { Badge } from '@mantine/core';
import { text } from '../messages.ts';

const colors: Record<string, string> = {
  pending_payment: 'yellow',
  confirmed: 'green',
  canceled: 'red',
  expired: 'gray',
  failed: 'red',
  completed: 'blue',
  no_show: 'orange',
};

/** A booking's (or an hour's) situation as a badge, with dark text that reads on every colour. */
export function DeskStatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <Badge
      size="sm"
      variant="light"
      color={colors[status] ?? 'gray'}
      style={{ color: 'var(--mantine-color-dark-7)', flexShrink: 0 }}
    >
      {label ?? text.desk.statuses[status] ?? status}
    </Badge>
  );
}

/** "25/11/26" and "09:00" as the clinic reads them (the offset in the string, not the browser's zone). */
export const deskDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
export const deskHour = (iso: string) => iso.slice(11, 16);
export const deskWhen = (iso: string) => `${deskDate(iso)} ${deskHour(iso)}`;
