import { Menu, Text } from '@mantine/core';
import { IconExternalLink, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { cloneElement, type ReactElement, type RefObject, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '#common/domain/user';
import { accountLink, isCurrent, type MenuLink } from '#web/app/menus.ts';
import type { Intent } from '#web/lib/load-on-intent.ts';

// The header's dropdowns, loaded on the first hover, focus or touch of their button (header.tsx).

function MenuItems({ links, pathname }: { links: MenuLink[]; pathname: string }) {
  const navigate = useNavigate();
  return links.map((link) =>
    link.external ? (
      <Menu.Item
        key={link.label}
        component="a"
        href={link.to}
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<IconExternalLink size={14} />}
      >
        {link.label}
      </Menu.Item>
    ) : (
      <Menu.Item
        key={link.to}
        onClick={() => navigate(link.to)}
        color={isCurrent(pathname, link.to) ? 'salas' : undefined}
        fw={isCurrent(pathname, link.to) ? 700 : undefined}
        aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}
      >
        {link.label}
      </Menu.Item>
    ),
  );
}

/** The button keeps the focus it had as a stand-in. */
function useCarryFocus(intent: Intent): RefObject<HTMLButtonElement | null> {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (intent) ref.current?.focus();
  }, [intent]);
  return ref;
}

interface MenuProps {
  /** The button, as the header draws it. */
  trigger: ReactElement<{ ref?: RefObject<HTMLButtonElement | null> }>;
  intent: Intent;
  links: MenuLink[];
  pathname: string;
}

/** A visitor's menu on narrow screens: the header's links. */
export function LinksMenu({ trigger, intent, links, pathname }: MenuProps) {
  const ref = useCarryFocus(intent);
  return (
    <Menu position="bottom-end" width={220} defaultOpened={intent === 'open'}>
      <Menu.Target>{cloneElement(trigger, { ref })}</Menu.Target>
      <Menu.Dropdown>
        <MenuItems links={links} pathname={pathname} />
      </Menu.Dropdown>
    </Menu>
  );
}

/** A signed-in person's menu: who they are, the links on narrow screens, "Sair". */
export function AccountMenu({
  trigger,
  intent,
  links,
  pathname,
  user,
  withLinks,
  onSignOut,
}: MenuProps & {
  user: { name: string; email: string; role_name?: Role };
  withLinks: boolean;
  onSignOut(): void;
}) {
  const ref = useCarryFocus(intent);
  const navigate = useNavigate();
  const account = accountLink(user.role_name);
  return (
    <Menu position="bottom-end" width={260} defaultOpened={intent === 'open'}>
      <Menu.Target>{cloneElement(trigger, { ref })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark">
            {user.name}
          </Text>
          <Text size="xs">{user.email}</Text>
        </Menu.Label>
        {withLinks && (
          <>
            <Menu.Divider />
            <MenuItems links={links} pathname={pathname} />
          </>
        )}
        <Menu.Divider />
        {account && (
          <Menu.Item
            leftSection={<IconUserCircle size={16} />}
            onClick={() => navigate(account.to)}
            aria-current={isCurrent(pathname, account.to) ? 'page' : undefined}
          >
            {account.label}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onSignOut}>
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
