import { Button, Group, List, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type DeleteAccountBody, deleteAccountBody } from '#common/contracts/privacy';
import { errorText } from '#web/lib/api.ts';
import { showServerErrors, zodValidate } from '#web/lib/forms.ts';
import { notifyError } from '#web/lib/notify.ts';
import { useSession } from '#web/lib/session.tsx';
import { clearToken } from '#web/lib/token.ts';
import { useDeleteAccount } from './api.ts';
import { DELETED_NOTICE_URL, text } from './messages.ts';

const t = text.modal;

/**
 * What deleting erases, what stays and why, then the password. On success the session ends and
 * the person lands on the home page with a notice.
 */
export function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { user } = useSession();
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountBody>({
    initialValues: { password: '' },
    validate: zodValidate(deleteAccountBody),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    remove.mutate(values, {
      onSuccess: () => {
        // The server already ended every session. A full load of the home page drops everything
        // this tab held about the person (cached queries included) and shows the notice there.
        clearToken();
        window.location.replace(DELETED_NOTICE_URL);
      },
      onError: (err) => {
        showServerErrors(form, err);
        notifyError(t.failed, errorText(err));
      },
    }),
  );
  const sections = [
    [t.erasedTitle, t.erased],
    [t.bookingsTitle, t.bookings],
    [t.keptTitle, t.kept],
  ] as const;
  return (
    <Modal opened={opened} onClose={close} title={t.title} centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          // The modal is drawn elsewhere in the page, but React bubbles its submit to the page's form.
          event.stopPropagation();
          submit(event);
        }}
      >
        <Stack>
          {sections.map(([title, body]) => (
            <div key={title}>
              <Title order={3} fz="sm" mb={4}>
                {title}
              </Title>
              <Text size="sm">{body}</Text>
            </div>
          ))}
          <List size="sm" spacing={4}>
            {user?.role_name === 'partner' && <List.Item>{t.partner}</List.Item>}
            <List.Item>{t.again}</List.Item>
          </List>
          <PasswordInput
            label={t.password}
            description={t.passwordHint}
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t.cancel}
            </Button>
            <Button type="submit" color="red.9" loading={remove.isPending}>
              {t.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
