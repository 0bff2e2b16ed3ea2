import './star-input.css';
import { Input, Text } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { starLabel } from '../messages.ts';

const FIVE = [1, 2, 3, 4, 5];

/**
 * 1 to 5 stars as a radio group: each star is a radio labelled "1 estrela" … "5 estrelas" (Tab
 * enters the group, the arrows choose), and pointing at a star lights the ones before it.
 */
export function StarInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: number | null;
  onChange(value: number): void;
  error?: string | undefined;
}) {
  const id = useId();
  const [pointed, setPointed] = useState(0);
  const lit = pointed || value || 0;
  return (
    <div>
      <Input.Label id={`${id}-label`} required>
        {label}
      </Input.Label>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="salas-star-input"
        onPointerLeave={() => setPointed(0)}
      >
        {FIVE.map((n) => (
          <label key={n} onPointerEnter={() => setPointed(n)}>
            <input
              type="radio"
              name={id}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={starLabel(n)}
            />
            {n <= lit ? (
              <IconStarFilled size={34} color="var(--mantine-color-yellow-7)" aria-hidden="true" />
            ) : (
              <IconStar size={34} color="var(--mantine-color-gray-6)" aria-hidden="true" />
            )}
          </label>
        ))}
        {value && (
          <Text span size="sm" ml="xs" aria-hidden="true">
            {starLabel(value)}
          </Text>
        )}
      </div>
      {error && <Input.Error id={`${id}-error`}>{error}</Input.Error>}
    </div>
  );
}
