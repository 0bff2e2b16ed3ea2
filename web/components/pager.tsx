import { Group, Pagination } from '@mantine/core';
import type { PageMeta } from '#common/contracts/rooms';

const controls = {
  first: 'Primeira página',
  previous: 'Página anterior',
  next: 'Próxima página',
  last: 'Última página',
};

/** The pages of a list, centred under it; nothing when everything fits on one. */
export function Pager({ meta, onChange }: { meta: PageMeta | undefined; onChange(page: number): void }) {
  if (!meta || meta.last_page <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={meta.last_page}
        value={meta.current_page}
        onChange={onChange}
        getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
        getControlProps={(control) => ({ 'aria-label': controls[control] })}
      />
    </Group>
  );
}
