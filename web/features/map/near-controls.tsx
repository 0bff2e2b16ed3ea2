/**
 * "Perto de mim" and "Perto de um endereço ou CEP" (DESIGN §10 "Where rooms are"): the browser's
 * location is asked only when the person taps the first; the second geocodes what they type. Either
 * hands the point to `onNear`; what went wrong is said under the buttons.
 */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCurrentLocation, IconMapSearch } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { GeoPoint } from '#common/contracts/rooms';
import { errorText } from '#web/lib/api.ts';
import { currentPosition, geocode } from './locate.ts';
import { text } from './messages.ts';

const t = text.near;

export function NearControls({
  onNear,
  before,
}: {
  /** The point, and its name when it came from an address. */
  onNear(point: GeoPoint, label: string | null): void;
  before?: ReactNode;
}) {
  const [busy, setBusy] = useState<'me' | 'address' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [addressOpen, setAddressOpen] = useState(false);
  const [address, setAddress] = useState('');

  const run = async (kind: 'me' | 'address', find: () => Promise<GeoPoint & { label?: string }>) => {
    setBusy(kind);
    setError(null);
    try {
      const { label, ...point } = await find();
      onNear(point, label ?? null);
      setAddressOpen(false);
    } catch (err) {
      setError(err instanceof Error ? errorText(err, err.message) : t.unavailable);
    } finally {
      setBusy(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!address.trim()) setError(t.empty);
    else void run('address', () => geocode(address));
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        {before}
        <Button
          variant="light"
          size="sm"
          leftSection={<IconCurrentLocation size={16} aria-hidden="true" />}
          loading={busy === 'me'}
          onClick={() => void run('me', currentPosition)}
        >
          {t.me}
        </Button>
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconMapSearch size={16} aria-hidden="true" />}
          aria-expanded={addressOpen}
          onClick={() => setAddressOpen((open) => !open)}
        >
          {t.address}
        </Button>
      </Group>
      {addressOpen && (
        <form onSubmit={submit}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t.addressLabel}
              placeholder={t.addressPlaceholder}
              value={address}
              onChange={(e) => setAddress(e.currentTarget.value)}
              maxLength={200}
              autoFocus
              style={{ flex: 1, minWidth: 0, maxWidth: 420 }}
            />
            <Button type="submit" loading={busy === 'address'}>
              {t.search}
            </Button>
          </Group>
        </form>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
