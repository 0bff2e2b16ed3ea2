import { ActionIcon, Affix, Stack, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp, IconMessageCircle } from '@tabler/icons-react';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { useSession } from '#web/lib/session.tsx';

export const HELP_MESSAGE = 'Olá! Estou usando o Salas e preciso de ajuda.';

/** WhatsApp help on every page; customers also get the chat icon (SPEC §2). */
export function FloatingButtons() {
  const config = usePublicConfig();
  const { user } = useSession();
  if (!config) return null;
  const whatsapp = `https://wa.me/${config.supportWhatsapp}?text=${encodeURIComponent(HELP_MESSAGE)}`;
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      <Stack gap="sm">
        {user?.role_name === 'customer' && (
          <Tooltip label="Abrir chat" position="left">
            <ActionIcon
              component="a"
              href={config.chatUrl}
              target="_blank"
              rel="noopener noreferrer"
              size={52}
              radius="xl"
              color="salas"
              aria-label="Abrir chat com o Salas"
            >
              <IconMessageCircle size={28} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label="Precisa de ajuda?" position="left">
          <ActionIcon
            component="a"
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            size={52}
            radius="xl"
            color="#1f7a3f"
            aria-label="Ajuda pelo WhatsApp"
          >
            <IconBrandWhatsapp size={30} />
          </ActionIcon>
        </Tooltip>
      </Stack>
    </Affix>
  );
}
