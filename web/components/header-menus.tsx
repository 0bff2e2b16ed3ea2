import { Menu, Text } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { cloneElement, type ReactElement, type RefObject, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '#common/domain/user';
import { accountLink, isCurrent } from '#web/app/menus.ts';
import type { Intent } from '#web/lib/load-on-intent.ts';

// The header's dropdowns, loaded on the first hover, focus or touch of their button (header.tsx).

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
  pathname: string;
}

/** A signed-in person's menu on wider screens: who they are, their account page, "Sair" (phones: header-drawer.tsx). */
export function AccountMenu({
  trigger,
  intent,
  pathname,
  user,
  onSignOut,
}: MenuProps & {
  user: { name: string; email: string; role_name?: Role };
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
