import {
  ActionIcon,
  Box,
  Button,
  CloseButton,
  Collapse,
  Group,
  Paper,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Suggestion } from '#common/contracts/rooms';
import { useHydrated } from '#web/lib/hydrated.ts';
import { loadOnIntent } from '#web/lib/load-on-intent.ts';
import { SearchDateField } from './search-date-field.tsx';
import { type SearchField, searchTarget } from './search-url.ts';

export const SEARCH_PLACEHOLDER = 'Cidade, bairro ou nome da clínica';
const PANEL_CLOSE_DELAY_MS = 800;

/**
 * The fields follow the address's `search` and `date` (the room list and a room's page carry
 * them), and only when those change: picking hours on a room page keeps what is being typed.
 */
function useSearchState() {
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  const searchDate = params.get('date');
  const [text, setText] = useState(search);
  const [date, setDate] = useState<string | null>(searchDate);
  useEffect(() => {
    setText(search);
    setDate(searchDate);
  }, [search, searchDate]);
  return { text, setText, date, setDate };
}

const usePlaceAutocomplete = loadOnIntent(
  () => import('#web/features/rooms/components/search-place-autocomplete.tsx'),
);

/** What a suggestion's kind makes of the search: a state is its abbreviation over every field. */
const fieldOf = (s: Suggestion): SearchField => (s.kind === 'state' ? null : s.kind);

/**
 * "Onde?": a plain field on the server, while the page hydrates and until the person comes near
 * it; then the same field with suggestions (decision 0042), whose code loads on that first hover,
 * focus or touch. Nothing moves when one replaces the other.
 */
function PlaceField({
  value,
  onChange,
  onPick,
  mobile,
}: {
  value: string;
  onChange(value: string): void;
  onPick(s: Suggestion): void;
  mobile: boolean;
}) {
  const hydrated = useHydrated();
  const { module: autocomplete, intent, handlers } = usePlaceAutocomplete();
  if (hydrated && autocomplete)
    return (
      <autocomplete.SearchPlaceAutocomplete
        value={value}
        onChange={onChange}
        onPick={onPick}
        placeholder={SEARCH_PLACEHOLDER}
        mobile={mobile}
        intent={intent}
      />
    );
  return (
    <TextInput
      aria-label="Onde?"
      placeholder={SEARCH_PLACEHOLDER}
      value={value}
      autoComplete="off"
      onChange={(e) => onChange(e.currentTarget.value)}
      onPointerEnter={handlers.onPointerEnter}
      onTouchStart={handlers.onTouchStart}
      onFocus={handlers.onFocus}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        value ? <CloseButton aria-label="Limpar texto da busca" onClick={() => onChange('')} /> : null
      }
      style={mobile ? undefined : { flex: 1, minWidth: 220 }}
    />
  );
}

function SearchFields({ mobile, onSearched }: { mobile: boolean; onSearched?: () => void }) {
  const { text, setText, date, setDate } = useSearchState();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [current] = useSearchParams();
  const go = (value: string, field: SearchField) => {
    navigate(searchTarget(pathname, value, date, { field, current }));
    onSearched?.();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(text, null);
  };
  const Wrapper = mobile ? Stack : Group;
  return (
    <search aria-label="Buscar salas">
      <form onSubmit={submit}>
        <Wrapper gap="xs" wrap="nowrap" align={mobile ? 'stretch' : 'center'}>
          <PlaceField
            value={text}
            onChange={setText}
            onPick={(s) => {
              setText(s.value);
              go(s.value, fieldOf(s));
            }}
            mobile={mobile}
          />
          <SearchDateField value={date} onChange={setDate} mobile={mobile} />
          {mobile ? (
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              Buscar
            </Button>
          ) : (
            <ActionIcon type="submit" size={36} aria-label="Buscar">
              <IconSearch size={18} />
            </ActionIcon>
          )}
        </Wrapper>
      </form>
    </search>
  );
}

/** Desktop: inline fields. */
export function InlineSearchBar() {
  return (
    <Box style={{ flex: 1, maxWidth: 560 }}>
      <SearchFields mobile={false} />
    </Box>
  );
}

/** Under 770 px: a full-width "Buscar salas" button that opens a panel, closed 0.8 s after a search. */
export function MobileSearchBar() {
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Box px="md" pb="sm">
      <Button
        fullWidth
        variant="light"
        leftSection={<IconSearch size={16} />}
        onClick={() => setOpened((o) => !o)}
        aria-expanded={opened}
        aria-controls="salas-search-panel"
      >
        Buscar salas
      </Button>
      <Collapse expanded={opened}>
        <Paper id="salas-search-panel" withBorder p="md" mt="xs">
          <SearchFields
            mobile
            onSearched={() => {
              clearTimeout(timer.current);
              timer.current = setTimeout(() => setOpened(false), PANEL_CLOSE_DELAY_MS);
            }}
          />
        </Paper>
      </Collapse>
    </Box>
  );
}
