import './responsive.css';
import { ActionIcon, Anchor, Box, Container, Group, Text } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandYoutube,
} from '@tabler/icons-react';
import { usePublicConfig } from '#web/lib/public-config.ts';

/** SPEC §2: copyright 2024, 'Parceiros' and 'política de cancelamento' in a new tab, social links. */
export function Footer() {
  const config = usePublicConfig();
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  const social = config
    ? [
        { label: 'Salas no Facebook', href: config.facebookUrl, Icon: IconBrandFacebook },
        { label: 'Salas no LinkedIn', href: config.linkedinUrl, Icon: IconBrandLinkedin },
        { label: 'Salas no Instagram', href: config.instagramUrl, Icon: IconBrandInstagram },
        { label: 'Salas no YouTube', href: config.youtubeUrl, Icon: IconBrandYoutube },
      ]
    : [];
  return (
    <Box component="footer" bg="white" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="xl" className="salas-footer-row">
        <Group justify="space-between" gap="md">
          <Text size="sm" c="dark.4">
            © 2024 Salas. Todos os direitos reservados.
          </Text>
          <Group gap="lg">
            {config && (
              <>
                <Anchor href={config.partnersUrl} {...external} size="sm" c="salas.8">
                  Parceiros
                </Anchor>
                <Anchor href={config.cancellationPolicyUrl} {...external} size="sm" c="salas.8">
                  política de cancelamento
                </Anchor>
              </>
            )}
          </Group>
          <Group gap={4}>
            {social.map(({ label, href, Icon }) => (
              <ActionIcon
                key={label}
                component="a"
                href={href}
                {...external}
                variant="subtle"
                color="dark"
                aria-label={label}
              >
                <Icon size={20} />
              </ActionIcon>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
