import '../app/layouts/shell.css';
import {
  Anchor,
  Avatar,
  Box,
  Button,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconMenu2 } from '@tabler/icons-react';
import { cloneElement, type ReactElement } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isCurrent, type MenuLink, roleMenu } from '#web/app/menus.ts';
import { MENU_IN_DROPDOWN_QUERY, MOBILE_SEARCH_QUERY } from '#web/app/theme.ts';
import { loadOnIntent } from '#web/lib/load-on-intent.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { useSession } from '#web/lib/session.tsx';
import { useWidthMatch } from '#web/lib/width-match.ts';
import { Logo } from './logo.tsx';
import { InlineSearchBar, MobileSearchBar } from './search-bar.tsx';

const FALLBACK_LINKS = { aboutUrl: '#', advertiseUrl: '#' };

function NavLinks({ links, pathname }: { links: MenuLink[]; pathname: string }) {
  return (
    <Group gap={4} component="nav" aria-label="Menu principal" wrap="wrap">
      {links.map((link) =>
        link.external ? (
          <Button
            key={link.label}
            component="a"
            href={link.to}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="dark"
            size="compact-sm"
          >
            {link.label}
          </Button>
        ) : (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            variant={isCurrent(pathname, link.to) ? 'light' : 'subtle'}
            color={isCurrent(pathname, link.to) ? 'salas' : 'dark'}
            size="compact-sm"
            aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}
          >
            {link.label}
          </Button>
        ),
      )}
    </Group>
  );
}

const useMenus = loadOnIntent(() => import('./header-menus.tsx'));
const useDrawer = loadOnIntent(() => import('./header-drawer.tsx'));

function UserMenu({ links, menuInDropdown }: { links: MenuLink[]; menuInDropdown: boolean }) {
  const { user, loading, signOut } = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { module: menus, intent, handlers } = useMenus();
  const drawer = useDrawer();
  if (loading) {
    return (
      <Group gap="xs" role="status" aria-label="Carregando usuário" wrap="nowrap">
        <Skeleton circle height={36} />
        <Skeleton height={12} width={120} visibleFrom="sm" />
      </Group>
    );
  }
  const onSignOut = async () => {
    await signOut();
    navigate('/rooms');
  };
  // Phones: one button opens the drawer with the role's links and every section menu.
  const withDrawer = (trigger: ReactElement<{ onClick?: () => void }>) =>
    drawer.module ? (
      <drawer.module.MenuDrawer
        trigger={trigger}
        intent={drawer.intent}
        links={links}
        pathname={pathname}
        user={user}
        onSignOut={onSignOut}
      />
    ) : (
      cloneElement(trigger, drawer.handlers)
    );
  if (!user) {
    const redirect = encodeURIComponent(`${pathname}${search}`);
    return (
      <Group gap="xs" wrap="nowrap" className="salas-header-user">
        {menuInDropdown &&
          withDrawer(
            <Button variant="subtle" color="dark" aria-label="Abrir menu" px={8}>
              <IconMenu2 size={22} />
            </Button>,
          )}
        <Stack gap={0} visibleFrom="lg" align="flex-end">
          <Text size="sm" fw={600}>
            Acesse sua conta
          </Text>
          <Text size="xs" c="dark.3">
            Realize login para melhor experiência
          </Text>
        </Stack>
        <Button component={Link} to={`/signin?redirect=${redirect}`} size="sm" px="sm">
          Entrar / Cadastre-se
        </Button>
      </Group>
    );
  }
  const initials = user.name
    .split(/\s+/)
    .slice(0, 2)
    .map((p) => p[0])
    .join('')
    .toUpperCase();
  const trigger = (
    <UnstyledButton aria-label={`Menu de ${user.name}`} className="salas-header-user">
      <Group gap="xs" wrap="nowrap">
        <Avatar
          src={user.photo ? `${user.photo.url}?size=sm` : null}
          alt={`Foto de ${user.name}`}
          color="salas"
          radius="xl"
        >
          {initials}
        </Avatar>
        <Box visibleFrom="lg" maw={180}>
          <Text size="sm" fw={600} truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dark.3" truncate>
            {user.email}
          </Text>
        </Box>
        {menuInDropdown ? (
          <IconMenu2 size={20} aria-hidden="true" />
        ) : (
          <IconChevronDown size={16} aria-hidden="true" />
        )}
      </Group>
    </UnstyledButton>
  );
  if (menuInDropdown) return withDrawer(trigger);
  if (!menus) return cloneElement(trigger, handlers);
  return (
    <menus.AccountMenu
      trigger={trigger}
      intent={intent}
      pathname={pathname}
      user={user}
      onSignOut={onSignOut}
    />
  );
}

export function Header() {
  const { user } = useSession();
  const config = usePublicConfig();
  const { pathname } = useLocation();
  // Unknown (undefined) on the server and until the browser has hydrated: then both forms are drawn
  // and CSS shows the one that fits (shell.css), so a phone never gets the wide bar first.
  const menuWidth = useWidthMatch(MENU_IN_DROPDOWN_QUERY);
  const searchWidth = useWidthMatch(MOBILE_SEARCH_QUERY);
  const menuInDropdown = menuWidth ?? false;
  const links = roleMenu(user?.role_name ?? null, config ?? FALLBACK_LINKS);
  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="xl" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Anchor component={Link} to="/rooms" aria-label="Salas — página inicial" underline="never">
            <Logo />
          </Anchor>
          {searchWidth !== true && (
            <Box className={`salas-header-search${searchWidth === undefined ? ' salas-wide-only' : ''}`}>
              <InlineSearchBar />
            </Box>
          )}
          <UserMenu links={links} menuInDropdown={menuInDropdown} />
        </Group>
        {menuWidth !== true && (
          <Box mt="xs" className={menuWidth === undefined ? 'salas-menu-wide-only' : undefined}>
            <NavLinks links={links} pathname={pathname} />
          </Box>
        )}
      </Container>
      {searchWidth !== false && (
        <div className={searchWidth === undefined ? 'salas-narrow-only' : undefined}>
          <MobileSearchBar />
        </div>
      )}
    </Box>
  );
}
