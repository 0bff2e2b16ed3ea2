import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { type PartnerSignupBody, partnerSignupBody } from '#common/contracts/partner';
import { AuthCard } from '#web/app/layouts/auth-layout.tsx';
import { DocumentInput, PhoneInput } from '#web/components/masked-inputs.tsx';
import { PasswordStrengthField, submitWithStrongPassword } from '#web/components/password-strength.tsx';
import { ApiError } from '#web/lib/api.ts';
import { showServerErrors, zodValidate } from '#web/lib/forms.ts';
import { notifyError } from '#web/lib/notify.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { usePartnerSignup } from '../api/account.ts';
import { text } from '../messages.ts';

const t = text.partnerSignup;
/** The form holds the box unticked at first; the contract accepts only a ticked one. */
type Values = Omit<PartnerSignupBody, 'accept_terms'> & { accept_terms: boolean };
const validate = zodValidate(partnerSignupBody as unknown as z.ZodType<unknown, Values>);

/** Where a new partner lands once the e-mail code signed it in: its first clinic. */
const FIRST_STEP = '/parceiro/gestao/clinicas';

/**
 * /anuncie ("Anuncie sua sala"): a clinic or coworking signs itself up as a partner. Then the same
 * one code as the specialist's sign-up confirms the e-mail and signs in (docs/decisions/0017); the
 * account waits for the operator's approval before its rooms go live (docs/decisions/0039).
 */
export function PartnerSignUpPage() {
  const navigate = useNavigate();
  const signup = usePartnerSignup();
  const config = usePublicConfig();
  const form = useForm<Values>({
    initialValues: {
      document_type: 'cnpj',
      document: '',
      legal_name: '',
      name: '',
      email: '',
      phone: '',
      password: '',
      password_confirmation: '',
      accept_terms: false,
    },
    validate,
  });
  const isCpf = form.values.document_type === 'cpf';
  const userInputs = (v: Values) => [v.name, v.email, v.legal_name];

  const submit = submitWithStrongPassword(form, userInputs, (values) => {
    signup.mutate(values as PartnerSignupBody, {
      onSuccess: (user) => {
        const next = new URLSearchParams({ email: user.email, redirect: FIRST_STEP });
        navigate(`/verificacao?${next.toString()}`, { replace: true });
      },
      onError: (error) => {
        showServerErrors(form, error);
        const fields = error instanceof ApiError ? error.fieldMessages : [];
        const message = fields.length
          ? [...fields, text.registerCheckFields].join(' ')
          : error instanceof ApiError
            ? error.message
            : text.registerCheckFields;
        notifyError(text.registerFailed, message);
      },
    });
  });

  return (
    <AuthCard title={t.title} subtitle={t.subtitle}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Divider label={t.company} labelPosition="left" />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="partner-document-type">
              {t.documentType}
            </Text>
            <SegmentedControl
              aria-labelledby="partner-document-type"
              data={[
                { value: 'cnpj', label: t.cnpj },
                { value: 'cpf', label: t.cpf },
              ]}
              {...form.getInputProps('document_type')}
              onChange={(value) => {
                form.setFieldValue('document_type', value as Values['document_type']);
                form.setFieldValue('document', '');
                form.clearFieldError('document');
              }}
            />
          </Stack>
          <DocumentInput
            kind={isCpf ? 'cpf' : 'cnpj'}
            label={isCpf ? t.cpf : t.cnpj}
            required
            {...form.getInputProps('document')}
          />
          <TextInput
            label={isCpf ? t.legalNameCpf : t.legalNameCnpj}
            autoComplete={isCpf ? 'name' : 'organization'}
            required
            {...form.getInputProps('legal_name')}
          />
          <Divider label={t.contact} labelPosition="left" />
          <TextInput label={t.name} autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label={t.email}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PhoneInput label={t.phone} required {...form.getInputProps('phone')} />
          <PasswordStrengthField
            label={t.password}
            required
            userInputs={userInputs(form.values)}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t.confirmation}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Checkbox
            label={
              <>
                {t.acceptBefore}{' '}
                <Anchor component={Link} to="/privacidade" target="_blank" underline="always" inherit>
                  {t.privacy}
                </Anchor>
                .
              </>
            }
            {...form.getInputProps('accept_terms', { type: 'checkbox' })}
          />
          <Button type="submit" loading={signup.isPending} fullWidth>
            {t.submit}
          </Button>
          <Text size="sm" ta="center">
            {t.hasAccount}{' '}
            <Anchor component={Link} to="/signin" underline="always">
              {t.signin}
            </Anchor>
          </Text>
          <Text size="sm" ta="center">
            {t.specialist}{' '}
            <Anchor component={Link} to="/signup" underline="always">
              {t.specialistLink}
            </Anchor>
          </Text>
          {config?.advertiseUrl && (
            <Text size="xs" ta="center">
              <Anchor href={config.advertiseUrl} target="_blank" rel="noopener noreferrer" underline="always">
                {t.learnMore}
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
