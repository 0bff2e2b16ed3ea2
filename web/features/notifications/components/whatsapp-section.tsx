import { Anchor, Button, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatPhone } from '#common/br/masks';
import { notificationMessages } from '#common/contracts/notifications';
import { QueryState } from '#web/components/query-state.tsx';
import { Section } from '#web/components/section.tsx';
import { ApiError, errorBody, errorText } from '#web/lib/api.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api.ts';
import { text } from '../messages.ts';

/** The 422s that the profile's phone fixes (none, or not a mobile). */
const phoneRefusal = z.object({
  message: z.enum([notificationMessages.noPhone, notificationMessages.notMobile]),
});

/** A 422 says what the person can change: it shows beside the switch. Anything else is a toast. */
const isRefusal = (err: unknown) => err instanceof ApiError && err.status === 422;

/** Takes the person to the profile's phone field on the same page. */
function goTo(fieldId: string) {
  const field = document.getElementById(fieldId);
  field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  field?.focus({ preventScroll: true });
}

/**
 * The WhatsApp notices' switch (DESIGN §10, LGPD): off until the person turns it on; shows the number
 * they go to, when consent was given, what is sent and how to stop; the server's refusal beside it,
 * with a way to the phone field (`phoneFieldId`) when the profile's phone is what is missing.
 */
export function WhatsAppSection({ phoneFieldId }: { phoneFieldId: string }) {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const lgpdId = useId();
  const s = settings.data;
  // A phone saved meanwhile (the profile's form refreshes this query) answers the last refusal.
  const refreshed = settings.dataUpdatedAt;
  const { reset } = update;
  useEffect(() => reset(), [refreshed, reset]);

  const checked = update.isPending ? update.variables.whatsapp : Boolean(s?.whatsapp);
  const refused = isRefusal(update.error) ? errorText(update.error) : undefined;
  const phoneRefused = errorBody(update.error, 422, phoneRefusal) !== undefined;
  const phone = s?.whatsapp_phone ? formatPhone(s.whatsapp_phone) : undefined;
  const about = s?.whatsapp && phone ? [text.to(phone)] : phone ? [text.wouldGo(phone)] : [];
  if (s?.whatsapp && s.whatsapp_opted_in_at) about.push(text.since(formatDateTime(s.whatsapp_opted_in_at)));

  return (
    <Section title={text.title}>
      <QueryState isPending={settings.isPending} error={settings.error} retry={() => settings.refetch()}>
        <Stack gap="sm">
          <Switch
            label={text.label}
            description={
              about.length > 0 &&
              about.map((line) => (
                <span key={line} style={{ display: 'block' }}>
                  {line}
                </span>
              ))
            }
            error={refused}
            checked={checked}
            aria-describedby={lgpdId}
            onChange={(e) => {
              const whatsapp = e.currentTarget.checked;
              update.mutate(
                { whatsapp },
                {
                  onSuccess: () => notifySuccess(whatsapp ? text.turnedOn : text.turnedOff),
                  onError: (err) => {
                    if (!isRefusal(err)) notifyError(text.failed, errorText(err));
                  },
                },
              );
            }}
          />
          {phoneRefused && (
            <Button variant="light" size="xs" w="fit-content" onClick={() => goTo(phoneFieldId)}>
              {text.fixPhone}
            </Button>
          )}
          <Text id={lgpdId} size="sm" c="dark.4">
            {text.what} {text.off} {text.use}{' '}
            <Anchor component={Link} to="/privacidade" underline="always" size="sm">
              {text.policy}
            </Anchor>
            .
          </Text>
        </Stack>
      </QueryState>
    </Section>
  );
}
