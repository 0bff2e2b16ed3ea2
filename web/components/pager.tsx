import { Group, Pagination } from '@mantine/core';
import { Link } from 'react-router';
import type { PageMeta } from '#common/contracts/rooms';

const controls = {
  first: 'Primeira página',
  previous: 'Página anterior',
  next: 'Próxima página',
  last: 'Última página',
};

const noChange = () => {};

/**
 * The pages of a list, centred under it; nothing when everything fits on one. With `href`, each
 * page is a link to its own address (`<a href="…?page=N">`, DESIGN §10 "Crawlers"): the server
 * draws them, they work without scripts, and once the page runs a tap changes the address in place
 * (React Router's Link, no reload). Without it, buttons that call `onChange` (the signed-in lists).
 */
export function Pager({
  meta,
  onChange,
  href,
}: {
  meta: PageMeta | undefined;
  onChange?(page: number): void;
  href?(page: number): string;
}) {
  if (!meta || meta.last_page <= 1) return null;
  const current = meta.current_page;
  const link = (page: number) => (href ? { component: Link, to: href(page) } : {});
  // Mantine's Pagination renders its controls as any component (getItemProps, getControlProps:
  // https://mantine.dev/core/pagination/#controls-as-links); an edge with nowhere to go stays a disabled button.
  const edge = { first: 1, previous: current - 1, next: current + 1, last: meta.last_page };
  const rel = { previous: 'prev', next: 'next' } as Record<string, string>;
  return (
    <Group justify="center">
      <Pagination
        total={meta.last_page}
        value={current}
        onChange={onChange ?? noChange}
        getItemProps={(p) => ({ 'aria-label': `Página ${p}`, ...link(p) })}
        getControlProps={(control) => {
          const to = edge[control];
          const moves = to >= 1 && to <= meta.last_page && to !== current;
          return {
            'aria-label': controls[control],
            ...(moves && href ? { ...link(to), rel: rel[control] } : {}),
          };
        }}
      />
    </Group>
  );
}
