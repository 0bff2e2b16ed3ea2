import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { text } from '../messages.ts';
import type { Refusal } from '../refusal.ts';

/** A refused booking, said in the modal, with the button to the step that lifts it. */
export function RefusalAlert({ refusal, onStep }: { refusal: Refusal; onStep?(): void }) {
  return (
    <Alert color="red" title={refusal.title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{refusal.message}</Text>
        {refusal.step && (
          <>
            <Button component={Link} to={refusal.step.to} size="sm" onClick={onStep}>
              {refusal.step.label}
            </Button>
            {refusal.step.to.includes('redirect=') && <Text size="xs">{text.refusal.backHere}</Text>}
          </>
        )}
      </Stack>
    </Alert>
  );
}
