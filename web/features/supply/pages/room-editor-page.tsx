import {
  Button,
  Chip,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Room } from '#common/contracts/supply';
import { pricePerMinuteFromHourly } from '#common/money';
import { useBreadcrumbName } from '#web/components/breadcrumb.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { Section } from '#web/components/section.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { ApiError, errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import {
  useClinicHours,
  useClinics,
  useDeleteRoom,
  useFacilities,
  useRoom,
  useRoomRules,
  useRooms,
  useSaveRoom,
  useSaveRoomHours,
  useSaveRoomRules,
  useToggleFacility,
} from '../api.ts';
import { BookingRulesForm } from '../components/booking-rules-form.tsx';
import { HoursEditor } from '../components/hours-editor.tsx';
import { PhotoManager } from '../components/photo-manager.tsx';
import { RoomBlocks } from '../components/room-blocks.tsx';
import { text } from '../messages.ts';
import { hourlyPriceProblem, roomNameProblem } from '../room-fields.ts';

const t = text.room;

interface Values {
  clinic: string;
  name: string;
  description: string;
  hourly: number | string;
  active: boolean;
}

function RoomDataForm({
  room,
  defaultClinic,
  onSaved,
}: {
  room?: Room;
  defaultClinic?: string;
  onSaved(r: Room): void;
}) {
  const clinics = useClinics();
  const save = useSaveRoom();
  const form = useForm<Values>({
    initialValues: {
      clinic: room?.clinic.uuid ?? defaultClinic ?? '',
      name: room?.name ?? '',
      description: room?.description ?? '',
      hourly: room ? room.hour_price_cents / 100 : '',
      active: room?.active ?? true,
    },
    validate: {
      clinic: (v) => (v ? null : 'Escolha a clínica.'),
      name: roomNameProblem,
      hourly: hourlyPriceProblem,
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        save
          .mutateAsync({
            clinic: v.clinic,
            uuid: room?.uuid,
            body: {
              name: v.name,
              description: v.description,
              price_per_minute: pricePerMinuteFromHourly(Number(v.hourly)),
              active: v.active,
            },
          })
          .then(onSaved, (err) => {
            if (err instanceof ApiError && err.errors.price_per_minute)
              form.setFieldError('hourly', err.errors.price_per_minute[0]);
            if (err instanceof ApiError && err.errors.name) form.setFieldError('name', err.errors.name[0]);
            notifyError(text.errorTitle, errorText(err));
          }),
      )}
    >
      <Stack>
        <Select
          label={t.clinic}
          data={(clinics.data ?? []).map((c) => ({ value: c.uuid, label: c.name }))}
          disabled={Boolean(room)}
          required
          {...form.getInputProps('clinic')}
        />
        <TextInput label={t.name} required {...form.getInputProps('name')} />
        <Textarea label={t.description} autosize minRows={3} {...form.getInputProps('description')} />
        <NumberInput
          label={t.price}
          prefix="R$ "
          decimalSeparator=","
          thousandSeparator="."
          decimalScale={2}
          fixedDecimalScale
          min={0}
          w={{ base: '100%', sm: 220 }}
          required
          {...form.getInputProps('hourly')}
        />
        <Switch label={t.active} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RoomHours({ room, onSaved }: { room: Room; onSaved(): void }) {
  const clinicHours = useClinicHours(room.clinic.uuid);
  const save = useSaveRoomHours();
  const [own, setOwn] = useState(room.operating_hours.length > 0);
  useEffect(() => setOwn(room.operating_hours.length > 0), [room.operating_hours.length]);
  return (
    <Stack>
      <Switch
        label={t.ownHours}
        checked={own}
        onChange={(e) => {
          const checked = e.currentTarget.checked;
          setOwn(checked);
          if (!checked && room.operating_hours.length > 0)
            save.mutateAsync({ uuid: room.uuid, hours: [] }).then(onSaved);
        }}
      />
      <HoursEditor
        value={
          own
            ? room.operating_hours.length
              ? room.operating_hours
              : (clinicHours.data ?? [])
            : (clinicHours.data ?? [])
        }
        disabled={!own}
        saving={save.isPending}
        onSave={(hours) =>
          save
            .mutateAsync({ uuid: room.uuid, hours })
            .then(onSaved, (err) => notifyError(text.errorTitle, errorText(err)))
        }
      />
    </Stack>
  );
}

function RoomRules({ room }: { room: Room }) {
  const rules = useRoomRules(room.uuid);
  const save = useSaveRoomRules();
  const d = rules.data;
  return (
    <QueryState isPending={rules.isPending} error={rules.error} retry={() => rules.refetch()}>
      {d && (
        <BookingRulesForm
          key={JSON.stringify(d)}
          value={d.effective}
          inherited={{ clinic: d.clinic, own: Object.values(d.own).some((v) => v !== null) }}
          saving={save.isPending}
          onSave={(r) =>
            save.mutateAsync({ uuid: room.uuid, rules: r }).then(() => notifySuccess(text.rules.saved))
          }
        />
      )}
    </QueryState>
  );
}

function RoomFacilities({ room }: { room: Room }) {
  const facilities = useFacilities();
  const toggle = useToggleFacility();
  const attached = new Set(room.facilities.map((f) => f.uuid));
  return (
    <Group gap="xs">
      {(facilities.data ?? []).map((f) => (
        <Chip
          key={f.uuid}
          checked={attached.has(f.uuid)}
          onChange={(on) => toggle.mutate({ room: room.uuid, facility: f.uuid, on })}
        >
          {f.name}
        </Chip>
      ))}
    </Group>
  );
}

export function RoomEditorPage() {
  const { uuid } = useParams();
  const [params] = useSearchParams();
  const isNew = !uuid || uuid === 'nova';
  const navigate = useNavigate();
  const room = useRoom(isNew ? undefined : uuid);
  const rooms = useRooms();
  const remove = useDeleteRoom();
  useBreadcrumbName(uuid, room.data?.name);
  usePageTitle(room.data?.name ?? t.newTitle);

  if (isNew) {
    return (
      <Stack>
        <Title order={1} fz="h2">
          {t.newTitle}
        </Title>
        <Section title={t.data}>
          <RoomDataForm
            defaultClinic={params.get('clinica') ?? undefined}
            onSaved={(r) => {
              notifySuccess(t.created(r.name));
              navigate(`/parceiro/gestao/salas/${r.uuid}`, { replace: true });
            }}
          />
        </Section>
      </Stack>
    );
  }

  const r = room.data;
  return (
    <QueryState isPending={room.isPending} error={room.error} retry={() => room.refetch()}>
      {r && (
        <Stack>
          <Group justify="space-between">
            <div>
              <Title order={1} fz="h2">
                {r.name}
              </Title>
              <Text c="dimmed">{r.clinic.name}</Text>
            </div>
            <Button
              variant="light"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                modals.openConfirmModal({
                  title: text.delete,
                  children: <Text>{t.deleteConfirm}</Text>,
                  labels: { confirm: text.delete, cancel: text.cancel },
                  confirmProps: { color: 'red' },
                  onConfirm: () =>
                    remove.mutate(
                      { clinic: r.clinic.uuid, uuid: r.uuid },
                      {
                        onSuccess: () => {
                          notifySuccess(t.deleted);
                          navigate('/parceiro/gestao/salas');
                        },
                        onError: (err) => notifyError(text.roomDeleteFailed, errorText(err)),
                      },
                    ),
                })
              }
            >
              {text.delete}
            </Button>
          </Group>
          <Section title={t.data}>
            <RoomDataForm key={r.uuid} room={r} onSaved={() => notifySuccess(t.savedData)} />
          </Section>
          <Section title={t.hours}>
            <RoomHours room={r} onSaved={() => notifySuccess(t.savedHours)} />
          </Section>
          <Section title={text.rules.title}>
            <RoomRules room={r} />
          </Section>
          <Section title={t.facilities}>
            <RoomFacilities room={r} />
          </Section>
          <Section title={t.photos}>
            <PhotoManager type="room" ownerUuid={r.uuid} photos={r.photos} />
          </Section>
          <Section title={t.blocks}>
            <RoomBlocks room={r} rooms={rooms.data ?? [r]} />
          </Section>
        </Stack>
      )}
    </QueryState>
  );
}
