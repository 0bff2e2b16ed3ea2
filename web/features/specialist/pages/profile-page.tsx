import { Button, Divider, Grid, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { formatCpf } from '#common/br/documents';
import { ufs } from '#common/domain/auth';
import { AddressFields, emptyAddress } from '#web/components/address-fields.tsx';
import { DateField, DocumentInput, PhoneInput } from '#web/components/masked-inputs.tsx';
import { ProfilePhoto } from '#web/components/profile-photo.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { Section } from '#web/components/section.tsx';
import { SuccessDialog } from '#web/components/success-dialog.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { PrivacySection } from '#web/features/account/privacy-section.tsx';
import { useCompleteData, useCouncils, useSpecialistProfile } from '#web/features/auth/api/profile.ts';
import { ChangePasswordSection } from '#web/features/auth/components/change-password-section.tsx';
import { SavedCards } from '#web/features/bookings/components/saved-cards.tsx';
import { text as bookingText } from '#web/features/bookings/messages.ts';
import { WhatsAppSection } from '#web/features/notifications/components/whatsapp-section.tsx';
import { errorText } from '#web/lib/api.ts';
import { completeDataBody } from '#web/lib/clocked-contracts.ts';
import { showServerErrors, zodValidate } from '#web/lib/forms.ts';
import { notifyError } from '#web/lib/notify.ts';

type Values = z.input<typeof completeDataBody>;
const cardsText = bookingText.cards;
const PHONE_FIELD = 'profile-phone';

/**
 * /especialista/perfil: photo, personal and professional data, address, WhatsApp notices and saved
 * cards.
 */
export function SpecialistProfilePage() {
  usePageTitle('Meu perfil');
  const profile = useSpecialistProfile(true);
  const councils = useCouncils();
  const save = useCompleteData();
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({
    initialValues: {
      name: '',
      cpf: '',
      birth_date: '',
      phone: '',
      profession: '',
      council_uuid: '',
      council_number: '',
      council_state: '' as Values['council_state'],
      address: emptyAddress as Values['address'],
    },
    validate: zodValidate(completeDataBody),
  });
  useEffect(() => {
    const p = profile.data;
    if (!p) return;
    form.setValues({
      name: p.name,
      cpf: formatCpf(p.cpf),
      birth_date: p.birth_date,
      phone: p.phone,
      profession: p.profession,
      council_uuid: p.council.uuid,
      council_number: p.council_number,
      council_state: p.council_state as Values['council_state'],
      address: p.address
        ? ({ ...p.address, complement: p.address.complement ?? '' } as never)
        : (emptyAddress as never),
    });
  }, [profile.data]);

  return (
    <Stack maw={820}>
      <Title order={1} fz="h2">
        Meu perfil
      </Title>
      <QueryState isPending={profile.isPending} error={profile.error} retry={() => profile.refetch()}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <form
            noValidate
            onSubmit={form.onSubmit((v) =>
              save.mutateAsync(completeDataBody.parse(v)).then(
                () => setSaved(true),
                (err) => {
                  showServerErrors(form, err);
                  notifyError('Erro ao completar cadastro.', errorText(err));
                },
              ),
            )}
          >
            <Stack>
              <ProfilePhoto />
              <Grid>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label="Nome completo" required {...form.getInputProps('name')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <DocumentInput kind="cpf" label="CPF" required {...form.getInputProps('cpf')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <DateField label="Data de nascimento" required {...form.getInputProps('birth_date')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <PhoneInput id={PHONE_FIELD} label="Celular" required {...form.getInputProps('phone')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label="Profissão" required {...form.getInputProps('profession')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Select
                    label="Conselho profissional"
                    data={(councils.data ?? []).map((c) => ({
                      value: c.uuid,
                      label: `${c.acronym} — ${c.name}`,
                    }))}
                    searchable
                    required
                    {...form.getInputProps('council_uuid')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 7, sm: 8 }}>
                  <TextInput label="Número de registro" required {...form.getInputProps('council_number')} />
                </Grid.Col>
                <Grid.Col span={{ base: 5, sm: 4 }}>
                  <Select
                    label="UF do registro"
                    data={[...ufs]}
                    searchable
                    required
                    {...form.getInputProps('council_state')}
                  />
                </Grid.Col>
              </Grid>
              <Divider label="Endereço" labelPosition="left" />
              <AddressFields form={form} prefix="address." />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Salvar
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </QueryState>
      <WhatsAppSection phoneFieldId={PHONE_FIELD} />
      <Section title={cardsText.title}>
        <SavedCards />
      </Section>
      <ChangePasswordSection />
      <PrivacySection />
      <SuccessDialog opened={saved} onClose={() => setSaved(false)} />
    </Stack>
  );
}
