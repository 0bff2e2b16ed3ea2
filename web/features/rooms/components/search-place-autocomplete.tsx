import { CloseButton, Combobox, Group, Text, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { Suggestion } from '#common/contracts/rooms';
import type { Intent } from '#web/lib/load-on-intent.ts';
import { useSearchSuggestions } from '../api.ts';
import { text as messages } from '../messages.ts';

export interface SearchPlaceProps {
  value: string;
  onChange(value: string): void;
  /** A suggestion picked (click, Enter on the highlighted one): the search runs with it. */
  onPick(suggestion: Suggestion): void;
  placeholder: string;
  mobile: boolean;
}

/**
 * The header's "Onde?" with suggestions (decision 0042): cities, neighbourhoods, clinics and
 * states of published rooms as the person types (asked 200 ms after the last key), picked with
 * the arrows and Enter or a tap. Loaded on the first hover, focus or touch of the plain field it
 * replaces (search-bar.tsx), drawn only after hydration. The field stays a textbox that controls
 * a listbox (aria-autocomplete, aria-activedescendant), so its name and role do not change.
 */
export function SearchPlaceAutocomplete({
  value,
  onChange,
  onPick,
  placeholder,
  mobile,
  intent,
}: SearchPlaceProps & { intent: Intent }) {
  const input = useRef<HTMLInputElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(value, 200);
  const query = useSearchSuggestions(debounced);
  const suggestions = value.trim().length >= 2 ? (query.data ?? []) : [];

  useEffect(() => {
    if (intent !== 'focus' && intent !== 'open') return;
    const field = input.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [intent]);

  const options = suggestions.map((s, i) => (
    <Combobox.Option value={String(i)} key={`${s.kind}:${s.label}:${s.detail}`}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate>
            {s.label}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {s.detail}
          </Text>
        </div>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {messages.suggestionKinds[s.kind]}
        </Text>
      </Group>
    </Combobox.Option>
  ));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(index) => {
        const picked = suggestions[Number(index)];
        combobox.closeDropdown();
        if (picked) onPick(picked);
      }}
      withinPortal
    >
      <Combobox.Target withExpandedAttribute={false}>
        <TextInput
          ref={input}
          aria-label="Onde?"
          aria-autocomplete="list"
          placeholder={placeholder}
          value={value}
          autoComplete="off"
          onChange={(e) => {
            onChange(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={
            value ? (
              <CloseButton
                aria-label="Limpar texto da busca"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onChange('')}
              />
            ) : null
          }
          style={mobile ? undefined : { flex: 1, minWidth: 220 }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0}>
        <Combobox.Options aria-label={messages.suggestions}>{options}</Combobox.Options>
      </Combobox.Dropdown>
      <VisuallyHidden aria-live="polite">
        {options.length ? messages.suggestionCount(options.length) : ''}
      </VisuallyHidden>
    </Combobox>
  );
}
