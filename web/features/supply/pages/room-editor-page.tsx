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
import { type UseFormReturnType, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { MIN_PUBLISHED_DESCRIPTION, type Room } from '#common/contracts/supply';
import { pricePerMinuteFromHourly } from '#common/money';
import { useBreadcrumbName } from '#web/components/breadcrumb.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { Section } from '#web/components/section.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { ApiError, errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useClinics, useDeleteRoom, useFacilities, useRoom, useRooms, useSaveRoom } from '../api.ts';
import { BookingRulesForm } from '../components/booking-rules-form.tsx';
import { HoursEditor } from '../components/hours-editor.tsx';
import { PhotoManager } from '../components/photo-manager.tsx';
import { RoomBlocks } from '../components/room-blocks.tsx';
import { RoomPublishing, RoomStatusBadge } from '../components/room-publishing.tsx';
import { SaveBar } from '../components/save-bar.tsx';
import { text } from '../messages.ts';
import { hourlyPriceProblem, roomNameProblem } from '../room-fields.ts';
import { useLeaveGuard } from '../use-leave-guard.ts';
import { type RoomValues, useRoomDraft } from '../use-room-draft.ts';

const t = text.room;

/** Name, description (with what publishing asks of it), price, active: the room's own fields. */
function RoomDataFields({ form, room }: { form: UseFormReturnType<RoomValues>; room?: Room }) {
  const clinics = useClinics();
  const length = form.values.description.trim().length;
  return (
    <Stack>
      <Select
        label={t.clinic}
        data={(clinics.data ?? []).map((c) => ({ value: c.uuid, label: c.name }))}
        disabled={Boolean(room)}
        allowDeselect={false}
        required
        {...form.getInputProps('clinic')}
      />
      <TextInput label={t.name} required {...form.getInputProps('name')} />
      <Textarea
        label={t.description}
        description={t.descriptionCount(length, MIN_PUBLISHED_DESCRIPTION)}
        autosize
        minRows={3}
        {...form.getInputProps('description')}
      />
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
      {room && (
        <Switch
          label={t.active}
          description={t.activeHint}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
      )}
    </Stack>
  );
}

const emptyValues = (clinic: string): RoomValues => ({
  clinic,
  name: '',
  description: '',
  hourly: '',
  active: true,
  facilities: [],
});

/** "Nova sala": the first fields, saved as a draft; the rest is on the room's page. */
function NewRoom() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const save = useSaveRoom();
  const form = useForm<RoomValues>({
    initialValues: emptyValues(params.get('clinica') ?? ''),
    validate: {
      clinic: (v) => (v ? null : 'Escolha a clínica.'),
      name: roomNameProblem,
      hourly: hourlyPriceProblem,
    },
  });
  const [created, setCreated] = useState(false);
  useLeaveGuard(form.isDirty() && !created);
  return (
    <Stack>
      <Title order={1} fz="h2">
        {t.newTitle}
      </Title>
      <Section title={t.data}>
        <form
          noValidate
          onSubmit={form.onSubmit((v) =>
            save
              .mutateAsync({
                clinic: v.clinic,
                body: {
                  name: v.name,
                  description: v.description,
                  price_per_minute: pricePerMinuteFromHourly(Number(v.hourly)),
                  active: true,
                },
              })
              .then(
                (r) => {
                  setCreated(true);
                  notifySuccess(t.created(r.name));
                  navigate(`/parceiro/gestao/salas/${r.uuid}`, { replace: true });
                },
                (err) => {
                  if (err instanceof ApiError && err.errors.price_per_minute)
                    form.setFieldError('hourly', err.errors.price_per_minute[0]);
                  if (err instanceof ApiError && err.errors.name)
                    form.setFieldError('name', err.errors.name[0]);
                  notifyError(text.errorTitle, errorText(err));
                },
              ),
          )}
        >
          <Stack>
            <RoomDataFields form={form} />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {text.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Section>
    </Stack>
  );
}

function RoomFacilities({ form }: { form: UseFormReturnType<RoomValues> }) {
  const facilities = useFacilities();
  return (
    <Chip.Group multiple {...form.getInputProps('facilities')}>
      <Group gap="xs">
        {(facilities.data ?? []).map((f) => (
          <Chip key={f.uuid} value={f.uuid}>
            {f.name}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/**
 * An existing room, one save model (decision 0038): every field on the page — data, facilities,
 * hours, rules — waits for the one "Salvar" at the bottom (leaving with changes asks first);
 * photos are files and are saved as they are sent; blocks are actions of their own.
 */
function RoomEditor({ room }: { room: Room }) {
  const navigate = useNavigate();
  const rooms = useRooms();
  const remove = useDeleteRoom();
  const draft = useRoomDraft(room);
  useLeaveGuard(draft.dirty);

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Group gap="xs">
            <Title order={1} fz="h2">
              {room.name}
            </Title>
            <RoomStatusBadge room={room} />
          </Group>
          <Text c="dimmed">{room.clinic.name}</Text>
        </div>
        <Group gap="xs">
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
                    { clinic: room.clinic.uuid, uuid: room.uuid },
                    {
                      onSuccess: () => {
                        draft.discard();
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
      </Group>
      <Section title={text.publishing.title}>
        <RoomPublishing room={room} dirty={draft.dirty} />
      </Section>
      <Section title={t.data}>
        <RoomDataFields form={draft.form} room={room} />
      </Section>
      <Section title={t.photos}>
        <Text size="sm" c="dimmed" mb="sm">
          {t.photosNow}
        </Text>
        <PhotoManager type="room" ownerUuid={room.uuid} photos={room.photos} />
      </Section>
      <Section title={t.hours}>
        <Stack>
          <Switch
            label={t.ownHours}
            checked={draft.hours.own}
            onChange={(e) => draft.hours.setOwn(e.currentTarget.checked)}
          />
          <HoursEditor
            key={draft.resetKey}
            value={draft.hours.shown}
            disabled={!draft.hours.own}
            error={draft.hours.error}
            onDraft={draft.hours.setDraft}
          />
        </Stack>
      </Section>
      <Section title={text.rules.title}>
        <QueryState
          isPending={draft.rules.query.isPending}
          error={draft.rules.query.error}
          retry={() => draft.rules.query.refetch()}
        >
          {draft.rules.query.data && (
            <BookingRulesForm
              key={`${draft.resetKey}-${JSON.stringify(draft.rules.query.data)}`}
              value={draft.rules.query.data.effective}
              inherited={{
                clinic: draft.rules.query.data.clinic,
                own: Object.values(draft.rules.query.data.own).some((v) => v !== null),
              }}
              saving={false}
              onDraft={draft.rules.setDraft}
            />
          )}
        </QueryState>
      </Section>
      <Section title={t.facilities}>
        <RoomFacilities form={draft.form} />
      </Section>
      <Section title={t.blocks}>
        <RoomBlocks room={room} rooms={rooms.data ?? [room]} />
      </Section>
      <SaveBar dirty={draft.dirty} saving={draft.saving} onSave={draft.save} onDiscard={draft.discard} />
    </Stack>
  );
}

export function RoomEditorPage() {
  const { uuid } = useParams();
  const isNew = !uuid || uuid === 'nova';
  const room = useRoom(isNew ? undefined : uuid);
  useBreadcrumbName(uuid, room.data?.name);
  usePageTitle(room.data?.name ?? t.newTitle);
  if (isNew) return <NewRoom />;
  return (
    <QueryState isPending={room.isPending} error={room.error} retry={() => room.refetch()}>
      {room.data && <RoomEditor key={room.data.uuid} room={room.data} />}
    </QueryState>
  );
}
