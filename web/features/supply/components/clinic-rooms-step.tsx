/** The set-up's rooms step: the clinic's rooms, and a short form that adds one (with a confirmation). */
import { Anchor, Button, Grid, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Clinic } from '#common/contracts/supply';
import { pricePerMinuteFromHourly } from '#common/money';
import { ApiError, errorText } from '#web/lib/api.ts';
import { formatBrl } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useRooms, useSaveRoom } from '../api.ts';
import { text } from '../messages.ts';
import { hourlyPriceProblem, roomNameProblem } from '../room-fields.ts';
import { RoomStatusBadge } from './room-publishing.tsx';

const t = text.clinic;

export function ClinicRoomsStep({ clinic, actions }: { clinic: Clinic; actions: ReactNode }) {
  const rooms = useRooms();
  const save = useSaveRoom();
  const clinicRooms = rooms.data?.filter((r) => r.clinic.uuid === clinic.uuid) ?? [];
  const form = useForm<{ name: string; hourly: number | string }>({
    initialValues: { name: '', hourly: '' },
    validate: {
      name: roomNameProblem,
      hourly: hourlyPriceProblem,
    },
  });
  const add = form.onSubmit((v) =>
    save
      .mutateAsync({
        clinic: clinic.uuid,
        body: {
          name: v.name.trim(),
          description: '',
          price_per_minute: pricePerMinuteFromHourly(Number(v.hourly)),
          active: true,
        },
      })
      .then(
        (room) => {
          notifySuccess(t.roomCreated(room.name));
          form.reset();
        },
        (err) => {
          if (err instanceof ApiError && err.errors.name) form.setFieldError('name', err.errors.name[0]);
          if (err instanceof ApiError && err.errors.price_per_minute)
            form.setFieldError('hourly', err.errors.price_per_minute[0]);
          notifyError(text.errorTitle, errorText(err));
        },
      ),
  );
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t.roomsIntro}
      </Text>
      {clinicRooms.length === 0 ? (
        <Text size="sm">{t.roomsNone}</Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.rooms}>
          {clinicRooms.map((room) => (
            <Paper component="li" key={room.uuid} withBorder radius="sm" px="sm" py={8}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Anchor
                  component={Link}
                  to={`/parceiro/gestao/salas/${room.uuid}`}
                  fw={600}
                  c="salas.8"
                  aria-label={t.editRoom(room.name)}
                >
                  {room.name}
                </Anchor>
                <Group gap="xs" wrap="nowrap">
                  <RoomStatusBadge room={room} />
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatBrl(room.hour_price_cents)}
                    {text.rooms.perHour}
                  </Text>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Paper withBorder radius="md" p="sm" bg="gray.0">
        <form noValidate onSubmit={add}>
          <Grid align="flex-end">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={text.room.name} required {...form.getInputProps('name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <NumberInput
                label={text.room.price}
                prefix="R$ "
                decimalSeparator=","
                thousandSeparator="."
                decimalScale={2}
                fixedDecimalScale
                min={0}
                required
                {...form.getInputProps('hourly')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <Button
                type="submit"
                variant="light"
                fullWidth
                loading={save.isPending}
                leftSection={<IconPlus size={16} aria-hidden="true" />}
              >
                {t.addRoom}
              </Button>
            </Grid.Col>
          </Grid>
        </form>
      </Paper>
      <Group justify="flex-end">{actions}</Group>
    </Stack>
  );
}
