import { Button, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { cloneElement, type ReactElement, type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Role } from '#common/domain/user';
import { accountLink, areaSections, isCurrent, type MenuLink } from '#web/app/menus.ts';
import type { Intent } from '#web/lib/load-on-intent.ts';
import { buttonJustify } from './mantine-vars.ts';

// The header's menu on phones (under 769 px, SPEC §9), loaded on the first touch of its button
// (header.tsx): the role's links and every section menu of its area, which wider screens show in
// the strip above the page.

function Links({ links, pathname, onPick }: { links: MenuLink[]; pathname: string; onPick(): void }) {
  return links.map((link) =>
    link.external ? (
      <NavLink
        key={link.label}
        component="a"
        href={link.to}
        target="_blank"
        rel="noopener noreferrer"
        label={link.label}
        rightSection={<IconExternalLink size={14} aria-hidden="true" />}
      />
    ) : (
      <NavLink
        key={link.to}
        component={Link}
        to={link.to}
        label={link.label}
        active={isCurrent(pathname, link.to)}
        aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}
        onClick={onPick}
      />
    ),
  );
}

export interface MenuDrawerProps {
  /** The button, as the header draws it. */
  trigger: ReactElement<{ ref?: RefObject<HTMLButtonElement | null>; onClick?: () => void }>;
  intent: Intent;
  links: MenuLink[];
  pathname: string;
  user: { name: string; email: string; role_name?: Role } | null;
  onSignOut(): void;
}

export function MenuDrawer({ trigger, intent, links, pathname, user, onSignOut }: MenuDrawerProps) {
  const [opened, setOpened] = useState(intent === 'open');
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (intent === 'focus') ref.current?.focus();
  }, [intent]);
  const sections = areaSections(user?.role_name);
  const inSections = new Set(sections.flatMap((s) => s.links.map((l) => l.to)));
  const main = links.filter((l) => !inSections.has(l.to));
  const account = accountLink(user?.role_name);
  const close = () => setOpened(false);
  return (
    <>
      {cloneElement(trigger, {
        ref,
        onClick: () => setOpened((o) => !o),
        'aria-expanded': opened,
        'aria-haspopup': 'dialog',
      } as Record<string, unknown>)}
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size={320}
        title={
          user ? (
            <Stack gap={0}>
              <Text fw={700} size="sm">
                {user.name}
              </Text>
              <Text size="xs" c="dark.4">
                {user.email}
              </Text>
            </Stack>
          ) : (
            <Text fw={700}>Menu</Text>
          )
        }
        closeButtonProps={{ 'aria-label': 'Fechar menu' }}
      >
        <Stack gap="md">
          {main.length > 0 && (
            <nav aria-label="Menu principal">
              <Links links={main} pathname={pathname} onPick={close} />
            </nav>
          )}
          {sections.map((section) => (
            <nav key={section.title} aria-label={`Menu da seção ${section.title}`}>
              <Text size="xs" fw={700} tt="uppercase" c="dark.4" px="sm" mb={4}>
                {section.title}
              </Text>
              <Links links={section.links} pathname={pathname} onPick={close} />
            </nav>
          ))}
          {user && (
            <>
              <Divider />
              <Stack gap={4}>
                {account && (
                  <NavLink
                    component={Link}
                    to={account.to}
                    label={account.label}
                    leftSection={<IconUserCircle size={16} aria-hidden="true" />}
                    active={isCurrent(pathname, account.to)}
                    onClick={close}
                  />
                )}
                <Button
                  variant="subtle"
                  color="red"
                  vars={buttonJustify('flex-start')}
                  leftSection={<IconLogout size={16} aria-hidden="true" />}
                  onClick={() => {
                    close();
                    onSignOut();
                  }}
                >
                  Sair
                </Button>
              </Stack>
            </>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
