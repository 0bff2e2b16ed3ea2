/**
 * "Alterar senha" on a profile page, for every signed-in role: the current password, a new one with
 * the strength meter, its confirmation. The server ends the person's other sessions and mails them.
 */
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ChangePasswordBody, changePasswordBody } from '#common/contracts/auth';
import { PasswordStrengthField, submitWithStrongPassword } from '#web/components/password-strength.tsx';
import { Section } from '#web/components/section.tsx';
import { errorText } from '#web/lib/api.ts';
import { showServerErrors, zodValidate } from '#web/lib/forms.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useSession } from '#web/lib/session.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { text } from '../messages.ts';

export function ChangePasswordSection() {
  const { user } = useSession();
  const change = useChangePassword();
  const form = useForm<ChangePasswordBody>({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: zodValidate(changePasswordBody),
  });
  const userInputs = [user?.name, user?.email];

  const submit = submitWithStrongPassword(
    form,
    () => userInputs,
    (values) => {
      change.mutate(values, {
        onSuccess: (res) => {
          form.reset();
          notifySuccess(res.message);
        },
        onError: (err) => {
          showServerErrors(form, err);
          notifyError(text.errorTitle, errorText(err, text.changePassword.failed));
        },
      });
    },
  );

  return (
    <Section title={text.changePassword.title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={text.changePassword.current}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <PasswordStrengthField
            label={text.changePassword.password}
            required
            userInputs={userInputs}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={text.changePassword.confirmation}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {text.changePassword.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
