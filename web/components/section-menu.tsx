import '../app/layouts/shell.css';
import { Button, Group, Paper, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { adminSections, isCurrent, partnerSections, sectionMenu } from '#web/app/menus.ts';

/** The section menu of the admin and parceiro areas (SPEC §2), from 769 px; phones have it in the header's drawer. */
export function SectionMenu() {
  const { pathname } = useLocation();
  const menu = sectionMenu(pathname);
  if (!menu) return null;
  const sections = pathname.startsWith('/admin') ? adminSections : partnerSections;
  return (
    <Paper withBorder radius="md" p="xs" mb="md" className="salas-section-menu">
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap={4} wrap="wrap" component="nav" aria-label={`Menu da seção ${menu.title}`}>
          <Text size="sm" fw={700} c="dark.5" px="xs">
            {menu.title}
          </Text>
          {menu.links.map((link) => (
            <Button
              key={link.to}
              component={Link}
              to={link.to}
              size="compact-sm"
              variant={isCurrent(pathname, link.to) ? 'filled' : 'subtle'}
              color={isCurrent(pathname, link.to) ? 'salas' : 'dark'}
              aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}
            >
              {link.label}
            </Button>
          ))}
        </Group>
        <Group gap={4} wrap="wrap" component="nav" aria-label="Seções">
          {sections
            .filter((s) => !isCurrent(pathname, s.to.split('/').slice(0, 3).join('/')))
            .map((s) => (
              <Button key={s.to} component={Link} to={s.to} size="compact-xs" variant="default">
                {s.label}
              </Button>
            ))}
        </Group>
      </Group>
    </Paper>
  );
}
