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
import { SearchDateField } from './search-date-field.tsx';
import { searchTarget } from './search-url.ts';

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

function SearchFields({ mobile, onSearched }: { mobile: boolean; onSearched?: () => void }) {
  const { text, setText, date, setDate } = useSearchState();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchTarget(pathname, text, date));
    onSearched?.();
  };
  const Wrapper = mobile ? Stack : Group;
  return (
    <search aria-label="Buscar salas">
      <form onSubmit={submit}>
        <Wrapper gap="xs" wrap="nowrap" align={mobile ? 'stretch' : 'center'}>
          <TextInput
            aria-label="Onde?"
            placeholder={SEARCH_PLACEHOLDER}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            rightSection={
              text ? <CloseButton aria-label="Limpar texto da busca" onClick={() => setText('')} /> : null
            }
            style={mobile ? undefined : { flex: 1, minWidth: 220 }}
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
