import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { QueryState } from '#web/components/query-state.tsx';
import { SuccessDialog } from '#web/components/success-dialog.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { errorText } from '#web/lib/api.ts';
import { showServerErrors } from '#web/lib/forms.ts';
import { notifyError } from '#web/lib/notify.ts';
import { text } from './messages.ts';

/** Saves through `save`, then the SPEC's success dialog; server field errors beside their fields. */
export function useSave<V, B>(
  form: UseFormReturnType<V>,
  save: (body: B) => Promise<unknown>,
  toBody: (v: V) => B,
) {
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const onSubmit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await save(toBody(values));
      setSaved(true);
    } catch (err) {
      showServerErrors(form, err);
      notifyError(text.errorTitle, errorText(err, String(err)));
    } finally {
      setSaving(false);
    }
  });
  return { saved, close: () => setSaved(false), onSubmit, saving };
}

/** The frame every partner data screen shares: title, loading and error states, a form card. */
export function FormPage(props: {
  title: string;
  subtitle: string;
  query: { isPending: boolean; error: unknown; refetch(): unknown };
  state: ReturnType<typeof useSave>;
  children: ReactNode;
}) {
  usePageTitle(props.title);
  return (
    <Stack maw={760}>
      <div>
        <Title order={1} fz="h2">
          {props.title}
        </Title>
        <Text c="dimmed">{props.subtitle}</Text>
      </div>
      <QueryState
        isPending={props.query.isPending}
        error={props.query.error}
        retry={() => props.query.refetch()}
      >
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <form onSubmit={props.state.onSubmit} noValidate>
            <Stack>
              {props.children}
              <Group justify="flex-end">
                <Button type="submit" loading={props.state.saving}>
                  {text.save}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </QueryState>
      <SuccessDialog opened={props.state.saved} onClose={props.state.close} message={text.saved} />
    </Stack>
  );
}
