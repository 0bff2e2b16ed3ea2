import { ActionIcon, Affix, Stack } from '@mantine/core';
import { IconBrandWhatsapp, IconMessageCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { useSession } from '#web/lib/session.tsx';

export const HELP_MESSAGE = 'Olá! Estou usando o Salas e preciso de ajuda.';

/** WhatsApp help on every page; customers also get the chat icon (SPEC §2). Hover shows the title. */
export function FloatingButtons() {
  const config = usePublicConfig();
  const { user } = useSession();
  if (!config) return null;
  const whatsapp = `https://wa.me/${config.supportWhatsapp}?text=${encodeURIComponent(HELP_MESSAGE)}`;
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      <Stack gap="sm">
        {user?.role_name === 'customer' && (
          <FloatingLink href={config.chatUrl} color="salas" label="Abrir chat com o Salas" title="Abrir chat">
            <IconMessageCircle size={28} />
          </FloatingLink>
        )}
        <FloatingLink href={whatsapp} color="#1f7a3f" label="Ajuda pelo WhatsApp" title="Precisa de ajuda?">
          <IconBrandWhatsapp size={30} />
        </FloatingLink>
      </Stack>
    </Affix>
  );
}

/** A round button opening a link in a new tab; hovering shows its title. */
function FloatingLink({
  href,
  color,
  label,
  title,
  children,
}: {
  href: string;
  color: string;
  label: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <ActionIcon
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size={52}
      radius="xl"
      color={color}
      aria-label={label}
      title={title}
    >
      {children}
    </ActionIcon>
  );
}
