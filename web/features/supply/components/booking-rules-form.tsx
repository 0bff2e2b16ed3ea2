/**
 * A clinic's or a room's booking rules (decision 0023): grid, minimum, buffer, horizon, notice.
 * For a room, a switch chooses between the clinic's rules (shown, not editable) and its own.
 */
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useEffect, useState } from 'react';
import { type BookingRules, durationLabel, ruleChoices, ruleProblems } from '#common/domain/booking-rules';
import { ApiError, errorText } from '#web/lib/api.ts';
import { notifyError } from '#web/lib/notify.ts';
import { text } from '../messages.ts';

const t = text.rules;

interface Values {
  slot_minutes: string;
  min_booking_minutes: string;
  buffer_minutes: string;
  max_days_ahead: number | string;
  min_notice_minutes: string;
}

const toValues = (r: BookingRules): Values => ({
  slot_minutes: String(r.slot_minutes),
  min_booking_minutes: String(r.min_booking_minutes),
  buffer_minutes: String(r.buffer_minutes),
  max_days_ahead: r.max_days_ahead,
  min_notice_minutes: String(r.min_notice_minutes),
});
const toRules = (v: Values): BookingRules => ({
  slot_minutes: Number(v.slot_minutes),
  min_booking_minutes: Number(v.min_booking_minutes),
  buffer_minutes: Number(v.buffer_minutes),
  max_days_ahead: Number(v.max_days_ahead),
  min_notice_minutes: Number(v.min_notice_minutes),
});

/** "Reserva mínima de 2 h · 15 min de intervalo …": the rules in one line, for people. */
export function rulesSummary(r: BookingRules): string {
  return [
    r.slot_minutes === 30 ? t.summary.halfHours : t.summary.hours,
    r.min_booking_minutes > r.slot_minutes ? t.summary.minimum(durationLabel(r.min_booking_minutes)) : null,
    r.buffer_minutes > 0 ? t.summary.buffer(r.buffer_minutes) : null,
    r.min_notice_minutes > 0 ? t.summary.notice(durationLabel(r.min_notice_minutes)) : null,
    t.summary.ahead(r.max_days_ahead),
  ]
    .filter(Boolean)
    .join(' · ');
}

export function BookingRulesForm({
  value,
  inherited,
  saving,
  saveLabel = text.save,
  actions,
  onSave,
  onDraft,
}: {
  /** The rules in force (a room's: its own where set, else the clinic's). */
  value: BookingRules;
  /** A room's clinic rules, with whether the room has its own; absent for a clinic. */
  inherited?: { clinic: BookingRules; own: boolean };
  saving: boolean;
  saveLabel?: string;
  actions?: ReactNode;
  /** `null` = follow the clinic (rooms only). Absent: no button, changes go to `onDraft`. */
  onSave?(rules: BookingRules | null): Promise<unknown>;
  /**
   * Every change (the room editor's one "Salvar", decision 0038): the rules (`null` = the
   * clinic's) and whether they are valid; problems show at their fields as they are made.
   */
  onDraft?(rules: BookingRules | null, valid: boolean): void;
}) {
  const [own, setOwn] = useState(inherited?.own ?? true);
  const form = useForm<Values>({
    initialValues: toValues(value),
    validate: (v) => ruleProblems(toRules(v)),
  });
  const draftKey = JSON.stringify([own, form.values]);
  useEffect(() => {
    if (!onDraft) return;
    if (!own) return onDraft(null, true);
    const rules = toRules(form.values);
    const problems = ruleProblems(rules);
    form.setErrors(problems);
    onDraft(rules, Object.keys(problems).length === 0);
  }, [draftKey]);
  const shown = own ? form.values : toValues(inherited?.clinic ?? value);
  const slot = Number(shown.slot_minutes);
  const options = (list: readonly number[], label: (m: number) => string) =>
    list.map((m) => ({ value: String(m), label: label(m) }));
  const disabled = !own;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        Promise.resolve(onSave?.(own ? toRules(v) : null)).catch((err) => {
          if (err instanceof ApiError)
            for (const [field, messages] of Object.entries(err.errors))
              form.setFieldError(field, messages[0]);
          notifyError(text.errorTitle, errorText(err));
        }),
      )}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        {inherited && (
          <Switch
            label={t.ownRules}
            checked={own}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              if (checked) form.setValues(toValues(inherited.clinic));
              setOwn(checked);
            }}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t.slot}
            description={t.slotHint}
            data={options(ruleChoices.slot, (m) => (m === 60 ? t.slotHour : t.slotHalf))}
            allowDeselect={false}
            disabled={disabled}
            {...form.getInputProps('slot_minutes')}
            value={shown.slot_minutes}
            onChange={(v) => {
              form.setFieldValue('slot_minutes', v ?? '60');
              if (Number(form.values.min_booking_minutes) % Number(v) !== 0)
                form.setFieldValue('min_booking_minutes', '0');
            }}
          />
          <Select
            label={t.minimum}
            description={t.minimumHint}
            data={options(
              ruleChoices.minimum.filter((m) => m % slot === 0),
              (m) => (m === 0 ? t.noMinimum : durationLabel(m)),
            )}
            allowDeselect={false}
            disabled={disabled}
            {...form.getInputProps('min_booking_minutes')}
            value={shown.min_booking_minutes}
          />
          <Select
            label={t.buffer}
            description={t.bufferHint}
            data={options(ruleChoices.buffer, (m) => (m === 0 ? t.noBuffer : `${m} min`))}
            allowDeselect={false}
            disabled={disabled}
            {...form.getInputProps('buffer_minutes')}
            value={shown.buffer_minutes}
          />
          <Select
            label={t.notice}
            description={t.noticeHint}
            data={options(ruleChoices.notice, (m) => (m === 0 ? t.noNotice : durationLabel(m)))}
            allowDeselect={false}
            disabled={disabled}
            {...form.getInputProps('min_notice_minutes')}
            value={shown.min_notice_minutes}
          />
          <NumberInput
            label={t.ahead}
            description={t.aheadHint}
            min={1}
            max={365}
            allowDecimal={false}
            suffix=" dias"
            disabled={disabled}
            {...form.getInputProps('max_days_ahead')}
            value={shown.max_days_ahead}
          />
        </SimpleGrid>
        <Text size="sm" aria-live="polite">
          {t.inForce} {rulesSummary(toRules(shown))}
        </Text>
        {(onSave || actions) && (
          <Group justify="flex-end">
            {actions}
            {onSave && (
              <Button type="submit" loading={saving}>
                {saveLabel}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}
