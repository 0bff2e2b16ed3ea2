import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { text } from '../messages.ts';
import type { Refusal } from '../refusal.ts';

/**
 * A refused booking, said in the modal, with the button to the step that lifts it — or, when the
 * bank declined the card, the button that switches the payment to Pix.
 */
export function RefusalAlert({
  refusal,
  onStep,
  onPix,
}: {
  refusal: Refusal;
  onStep?(): void;
  onPix?(): void;
}) {
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
        {refusal.offerPix && onPix && (
          <Button size="sm" onClick={onPix}>
            {text.refusal.payWithPix}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
