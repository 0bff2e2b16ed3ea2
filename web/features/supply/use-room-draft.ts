/**
 * The room editor's unsaved state (decision 0038): the data form (with the facilities), the hours
 * and the rules as edited, whether any differs from what is saved, and the one "Salvar" that sends
 * what changed — data, then hours, then rules — or "Descartar".
 */
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { HourRange, Room } from '#common/contracts/supply';
import type { BookingRules } from '#common/domain/booking-rules';
import { pricePerMinuteFromHourly } from '#common/money';
import { ApiError, errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useClinicHours, useRoomRules, useSaveRoom, useSaveRoomHours, useSaveRoomRules } from './api.ts';
import { hoursProblem } from './components/hours-editor.tsx';
import { text } from './messages.ts';
import { hourlyPriceProblem, roomNameProblem } from './room-fields.ts';

/** One empty week for every render (a new [] each time would reset the hours editor). */
const NO_HOURS: HourRange[] = [];

export interface RoomValues {
  clinic: string;
  name: string;
  description: string;
  hourly: number | string;
  active: boolean;
  facilities: string[];
}

export const roomValues = (room: Room): RoomValues => ({
  clinic: room.clinic.uuid,
  name: room.name,
  description: room.description,
  hourly: room.hour_price_cents / 100,
  active: room.active,
  facilities: room.facilities.map((f) => f.uuid).sort(),
});

/** The data as compared with what is saved: facilities in any order, the price to the centavo. */
const valuesKey = (v: RoomValues) =>
  JSON.stringify([
    v.name,
    v.description,
    v.hourly === '' ? '' : Math.round(Number(v.hourly) * 100),
    v.active,
    [...v.facilities].sort(),
  ]);

const weekKey = (hours: HourRange[]) =>
  JSON.stringify(
    [...hours]
      .sort((a, b) => a.weekday - b.weekday || a.opens_at.localeCompare(b.opens_at))
      .map((h) => [h.weekday, h.opens_at, h.closes_at]),
  );
const rulesKey = (r: BookingRules | null) =>
  JSON.stringify(
    r && [r.slot_minutes, r.min_booking_minutes, r.buffer_minutes, r.max_days_ahead, r.min_notice_minutes],
  );

export function useRoomDraft(room: Room) {
  const form = useForm<RoomValues>({
    initialValues: roomValues(room),
    validate: {
      name: roomNameProblem,
      hourly: hourlyPriceProblem,
    },
  });
  const clinicHours = useClinicHours(room.clinic.uuid);
  const rulesQuery = useRoomRules(room.uuid);
  const saveRoom = useSaveRoom();
  const saveHours = useSaveRoomHours();
  const saveRules = useSaveRoomRules();
  const [saving, setSaving] = useState(false);
  const [resetKey, setResetKey] = useState(0);

  // Hours: the room's own week, or (empty) its clinic's.
  const savedOwn = room.operating_hours.length > 0;
  const [ownChoice, setOwnChoice] = useState<boolean | null>(null);
  const [hoursDraft, setHoursDraft] = useState<HourRange[] | null>(null);
  const [hoursError, setHoursError] = useState<string>();
  const own = ownChoice ?? savedOwn;
  const clinicWeek = clinicHours.data ?? NO_HOURS;
  const shown = own && savedOwn ? room.operating_hours : clinicWeek;
  const draftHours = hoursDraft ?? shown;
  const hoursDirty = own !== savedOwn || (own && weekKey(draftHours) !== weekKey(room.operating_hours));

  // Rules: the room's own, or (null) its clinic's; reported by the form as they change.
  const saved = rulesQuery.data;
  const savedRules = saved && Object.values(saved.own).some((v) => v !== null) ? saved.effective : null;
  const [rulesDraft, setRulesDraft] = useState<{ rules: BookingRules | null; valid: boolean } | null>(null);
  const rulesDirty = Boolean(saved && rulesDraft && rulesKey(rulesDraft.rules) !== rulesKey(savedRules));

  const dataDirty = valuesKey(form.getValues()) !== valuesKey(roomValues(room));
  const dirty = dataDirty || hoursDirty || rulesDirty;

  const discard = () => {
    form.setValues(roomValues(room));
    setOwnChoice(null);
    setHoursDraft(null);
    setHoursError(undefined);
    setRulesDraft(null);
    setResetKey((k) => k + 1);
  };

  const save = async () => {
    const checked = form.validate();
    const problem = own && hoursDirty ? hoursProblem(draftHours) : null;
    setHoursError(problem ?? undefined);
    if (checked.hasErrors || problem) return notifyError(text.errorTitle, text.room.fixFirst);
    if (rulesDirty && !rulesDraft?.valid) return notifyError(text.errorTitle, text.room.rulesInvalid);
    setSaving(true);
    try {
      if (dataDirty) {
        const v = form.getValues();
        const updated = await saveRoom.mutateAsync({
          clinic: room.clinic.uuid,
          uuid: room.uuid,
          body: {
            name: v.name,
            description: v.description,
            price_per_minute: pricePerMinuteFromHourly(Number(v.hourly)),
            active: v.active,
            facilities: v.facilities,
          },
        });
        // What the server kept (trimmed text, the price to the centavo) is the new baseline.
        form.setValues(roomValues(updated));
      }
      if (hoursDirty) {
        await saveHours.mutateAsync({ uuid: room.uuid, hours: own ? draftHours : [] });
        setOwnChoice(null);
        setHoursDraft(null);
      }
      if (rulesDirty && rulesDraft) {
        await saveRules.mutateAsync({ uuid: room.uuid, rules: rulesDraft.rules });
        setRulesDraft(null);
      }
      notifySuccess(text.room.saved);
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.errors.price_per_minute) form.setFieldError('hourly', err.errors.price_per_minute[0]);
        for (const field of ['name', 'description'] as const)
          if (err.errors[field]) form.setFieldError(field, err.errors[field][0]);
      }
      notifyError(text.errorTitle, errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return {
    form,
    dirty,
    saving,
    save,
    discard,
    resetKey,
    hours: {
      own,
      shown: own ? shown : clinicWeek,
      error: hoursError,
      setOwn: (on: boolean) => {
        setOwnChoice(on);
        setHoursDraft(null);
        setHoursError(undefined);
      },
      setDraft: (hours: HourRange[]) => setHoursDraft(hours),
    },
    rules: {
      query: rulesQuery,
      setDraft: (rules: BookingRules | null, valid: boolean) => setRulesDraft({ rules, valid }),
    },
  };
}
