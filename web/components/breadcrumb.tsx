import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { breadcrumbTrail } from './breadcrumb-trail.ts';

interface Names {
  names: Record<string, string>;
  setName(uuid: string, name: string | undefined): void;
}

const BreadcrumbNames = createContext<Names>({ names: {}, setName: () => {} });

export function BreadcrumbProvider({ children }: { children: ReactNode }) {
  const [names, setNames] = useState<Record<string, string>>({});
  const setName = useCallback((uuid: string, name: string | undefined) => {
    setNames((current) => {
      if (name === undefined) {
        const { [uuid]: _removed, ...rest } = current;
        return rest;
      }
      return current[uuid] === name ? current : { ...current, [uuid]: name };
    });
  }, []);
  const value = useMemo(() => ({ names, setName }), [names, setName]);
  return <BreadcrumbNames.Provider value={value}>{children}</BreadcrumbNames.Provider>;
}

/** Pages that load a room, clinic, partner or specialist call this so the breadcrumb shows its name. */
export function useBreadcrumbName(uuid: string | undefined, name: string | undefined): void {
  const { setName } = useContext(BreadcrumbNames);
  useEffect(() => {
    if (!uuid || !name) return;
    setName(uuid, name);
    return () => setName(uuid, undefined);
  }, [uuid, name, setName]);
}

export function Breadcrumb() {
  const { pathname } = useLocation();
  const { names } = useContext(BreadcrumbNames);
  if (/^\/rooms\/[^/]+/.test(pathname)) return null; // SPEC §2: no breadcrumb on the room page
  const trail = breadcrumbTrail(pathname, names);
  if (trail.length === 0) return null;
  return (
    <nav aria-label="Você está em">
      <Breadcrumbs separatorMargin={6} mb="md">
        <Anchor component={Link} to="/" aria-label="Início" c="dimmed">
          <IconHome size={16} style={{ verticalAlign: 'middle' }} />
        </Anchor>
        {trail.map((crumb) =>
          crumb.active ? (
            <Text key={crumb.to} fw={600} size="sm" c="salas.8" aria-current="page">
              {crumb.label}
            </Text>
          ) : (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm" c="dark.4">
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
