import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import type { GeoPoint } from '#common/contracts/rooms';
import type { Clinic } from '#common/contracts/supply';
import { MapLoading, PinMap } from '#web/features/map/lazy-maps.tsx';
import { text as mapText } from '#web/features/map/messages.ts';
import { errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { useSaveClinic } from '../api.ts';
import { text } from '../messages.ts';

const t = mapText.pin;

/**
 * "Localização no mapa" in the clinic's address step (DESIGN §10 "Where rooms are"): the clinic's
 * place — the partner's pin, else the address's geocoded point — on a map (its code loaded when the
 * step shows). A click or a drag moves the pin; "Salvar localização" saves it as the partner's pin,
 * which wins over the address; "Usar o endereço" takes the pin away (both null).
 */
export function ClinicLocation({ clinic }: { clinic: Clinic }) {
  const config = usePublicConfig();
  const save = useSaveClinic();
  const saved: GeoPoint | null =
    clinic.latitude !== null && clinic.longitude !== null
      ? { lat: clinic.latitude, lng: clinic.longitude }
      : null;
  const [picked, setPicked] = useState<GeoPoint | null>(null);
  const shown = picked ?? saved;

  const put = (place: GeoPoint | null, message: string) =>
    save
      .mutateAsync({
        uuid: clinic.uuid,
        body: {
          name: clinic.name,
          description: clinic.description,
          email: clinic.email,
          timezone: clinic.timezone,
          latitude: place?.lat ?? null,
          longitude: place?.lng ?? null,
        },
      })
      .then(
        () => {
          setPicked(null);
          notifySuccess(message);
        },
        (err) => notifyError(text.errorTitle, errorText(err)),
      );

  const status = picked
    ? t.moved
    : clinic.location_source === 'pin'
      ? t.fromPin
      : clinic.location_source === 'address'
        ? t.fromAddress
        : null;
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} fz="h5">
        {t.title}
      </Title>
      <Text size="sm" c="dimmed">
        {t.help}
      </Text>
      <Text size="sm" role="status">
        {shown ? status : t.none}
      </Text>
      <Box h={{ base: 300, sm: 380 }}>
        {config && (
          <Suspense fallback={<MapLoading />}>
            <PinMap
              tiles={{ url: config.mapTileUrl, attribution: config.mapTileAttribution }}
              value={shown}
              onPick={setPicked}
            />
          </Suspense>
        )}
      </Box>
      <Group justify="flex-end" gap="xs">
        {clinic.location_source === 'pin' && (
          <Button variant="default" loading={save.isPending} onClick={() => void put(null, t.addressUsed)}>
            {t.useAddress}
          </Button>
        )}
        <Button disabled={!picked} loading={save.isPending} onClick={() => void put(picked, t.saved)}>
          {t.save}
        </Button>
      </Group>
    </Stack>
  );
}
