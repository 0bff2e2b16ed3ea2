import { Group } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { text } from '../messages.ts';

const FIVE = [1, 2, 3, 4, 5];

/** A rating drawn as five stars, read as "4 de 5 estrelas". */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={text.stars(rating)} style={{ flexShrink: 0 }}>
      {FIVE.map((n) =>
        n <= rating ? (
          <IconStarFilled key={n} size={size} color="var(--mantine-color-yellow-7)" aria-hidden="true" />
        ) : (
          <IconStar key={n} size={size} color="var(--mantine-color-gray-6)" aria-hidden="true" />
        ),
      )}
    </Group>
  );
}
