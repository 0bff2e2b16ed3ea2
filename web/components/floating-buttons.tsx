import '../app/layouts/shell.css';
import { ActionIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandWhatsapp, IconMessageCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MENU_IN_DROPDOWN_QUERY } from '#web/app/theme.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { useSession } from '#web/lib/session.tsx';

export const HELP_MESSAGE = 'Olá! Estou usando o Salas e preciso de ajuda.';

/**
 * WhatsApp help on every page; customers also get the chat icon (SPEC §2). Hover shows the title.
 * Phones get them side by side and smaller; the page keeps room for them below its last element
 * (`salas-floating-room`, web/app/layouts/shell.css) so they cover nothing at the end of a page.
 */
export function FloatingButtons() {
  const config = usePublicConfig();
  const { user } = useSession();
  const phone = useMediaQuery(MENU_IN_DROPDOWN_QUERY) ?? false;
  if (!config) return null;
  const whatsapp = `https://wa.me/${config.supportWhatsapp}?text=${encodeURIComponent(HELP_MESSAGE)}`;
  const size = phone ? 48 : 52;
  return (
    <div className="salas-floating">
      {user?.role_name === 'customer' && (
        <FloatingLink
          href={config.chatUrl}
          color="salas"
          size={size}
          label="Abrir chat com o Salas"
          title="Abrir chat"
        >
          <IconMessageCircle size={size * 0.54} />
        </FloatingLink>
      )}
      <FloatingLink
        href={whatsapp}
        color="#1f7a3f"
        size={size}
        label="Ajuda pelo WhatsApp"
        title="Precisa de ajuda?"
      >
        <IconBrandWhatsapp size={size * 0.58} />
      </FloatingLink>
    </div>
  );
}

/** A round button opening a link in a new tab; hovering shows its title. */
function FloatingLink({
  href,
  color,
  size,
  label,
  title,
  children,
}: {
  href: string;
  color: string;
  size: number;
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
      size={size}
      radius="xl"
      color={color}
      aria-label={label}
      title={title}
      className="salas-floating-button"
      style={{ boxShadow: '0 2px 8px rgba(0, 0, 0, 0.2)' }}
    >
      {children}
    </ActionIcon>
  );
}
