import { Button, Divider, Grid, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ufs } from '#common/domain/auth';
import { AuthCard } from '#web/app/layouts/auth-layout.tsx';
import { AddressFields } from '#web/components/address-fields.tsx';
import { DateField, DocumentInput, PhoneInput } from '#web/components/masked-inputs.tsx';
import { errorText } from '#web/lib/api.ts';
import { completeDataBody } from '#web/lib/clocked-contracts.ts';
import { showServerErrors, zodValidate } from '#web/lib/forms.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { safeRedirect } from '#web/lib/safe-redirect.ts';
import { useSession } from '#web/lib/session.tsx';
import { useCompleteData, useCouncils } from '../api/profile.ts';
import { text } from '../messages.ts';

type Values = z.input<typeof completeDataBody>;
const t = text.newAccount;
const ufOptions = [...ufs];

/** Specialist data after sign-up (POST /api/customer/completeData). */
export function NewAccountPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  // Back where the person was going (e.g. the room page whose booking asked for this step).
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const councils = useCouncils();
  const complete = useCompleteData();
  const form = useForm<Values>({
    initialValues: {
      name: user?.name ?? '',
      cpf: '',
      birth_date: '',
      phone: '',
      profession: '',
      council_uuid: '',
      council_number: '',
      council_state: '' as Values['council_state'],
      address: {
        zip_code: '',
        street: '',
        number: '',
        complement: '',
        neighborhood: '',
        city: '',
        state: '' as Values['council_state'],
      },
    },
    validate: zodValidate(completeDataBody),
  });

  const submit = form.onSubmit((values) =>
    complete.mutate(completeDataBody.parse(values), {
      onSuccess: () => {
        notifySuccess(t.saved);
        navigate(redirect ?? '/especialista/salas', { replace: true });
      },
      onError: (err) => {
        showServerErrors(form, err);
        notifyError(text.completeDataFailed, errorText(err));
      },
    }),
  );

  return (
    <AuthCard title={t.title} subtitle={t.subtitle}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t.name} autoComplete="name" required {...form.getInputProps('name')} />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DocumentInput kind="cpf" label={t.cpf} required {...form.getInputProps('cpf')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DateField label={t.birthDate} required {...form.getInputProps('birth_date')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PhoneInput label={t.phone} required {...form.getInputProps('phone')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t.profession}
                placeholder="Psicóloga, fisioterapeuta..."
                required
                {...form.getInputProps('profession')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Select
                label={t.council}
                placeholder={councils.isPending ? 'Carregando...' : 'Escolha'}
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
              <TextInput label={t.councilNumber} required {...form.getInputProps('council_number')} />
            </Grid.Col>
            <Grid.Col span={{ base: 5, sm: 4 }}>
              <Select
                label={t.councilState}
                data={ufOptions}
                searchable
                required
                {...form.getInputProps('council_state')}
              />
            </Grid.Col>
          </Grid>
          <Divider label={t.address} labelPosition="left" />
          <AddressFields form={form} prefix="address." />
          <Button type="submit" loading={complete.isPending} fullWidth>
            {t.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
