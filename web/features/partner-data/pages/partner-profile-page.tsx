import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { z } from 'zod';
import { partnerBasicBody } from '#common/contracts/partner';
import { PhoneInput } from '#web/components/masked-inputs.tsx';
import { ProfilePhoto } from '#web/components/profile-photo.tsx';
import { PrivacySection } from '#web/features/account/privacy-section.tsx';
import { ChangePasswordSection } from '#web/features/auth/components/change-password-section.tsx';
import { WhatsAppSection } from '#web/features/notifications/components/whatsapp-section.tsx';
import { zodValidate } from '#web/lib/forms.ts';
import { usePartnerData, useSaveBasicData } from '../api.ts';
import { FormPage, useSave } from '../form-page.tsx';
import { text } from '../messages.ts';

const t = text.profile;
const PHONE_FIELD = 'partner-profile-phone';

export function PartnerProfilePage() {
  const data = usePartnerData();
  const save = useSaveBasicData();
  const form = useForm<z.input<typeof partnerBasicBody>>({
    initialValues: { name: '', phone: '' },
    validate: zodValidate(partnerBasicBody),
  });
  useEffect(() => {
    if (data.data) form.setValues({ name: data.data.name, phone: data.data.phone ?? '' });
  }, [data.data]);
  const state = useSave(form, save.mutateAsync, (v) => partnerBasicBody.parse(v));
  const plan = data.data?.plan;
  return (
    <Stack maw={760}>
      <FormPage title={t.title} subtitle={t.subtitle} query={data} state={state}>
        <ProfilePhoto />
        <TextInput label={t.name} required autoComplete="name" {...form.getInputProps('name')} />
        <TextInput label={t.email} value={data.data?.email ?? ''} readOnly />
        <PhoneInput id={PHONE_FIELD} label={t.phone} {...form.getInputProps('phone')} />
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {t.plan}:
          </Text>
          {plan ? (
            <>
              <Badge variant="light">{plan.name}</Badge>
              <Text size="sm" c="dimmed">
                {t.commission(plan.commission_percent)}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t.noPlan}
            </Text>
          )}
        </Group>
      </FormPage>
      <WhatsAppSection phoneFieldId={PHONE_FIELD} />
      <ChangePasswordSection />
      <PrivacySection />
    </Stack>
  );
}
