import '../app/layouts/shell.css';
import './floating-buttons.css';
import { ActionIcon } from '@mantine/core';
import { IconBrandWhatsapp, IconMessageCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { useSession } from '#web/lib/session.tsx';

export const HELP_MESSAGE = 'Olá! Estou usando o Salas e preciso de ajuda.';
/** The buttons' landmark: a screen reader lists "Ajuda" with the page's header, main and footer. */
export const HELP_REGION = 'Ajuda';

/**
 * WhatsApp help on every page; customers also get the chat icon (SPEC §2). Hover shows the title.
 * Phones get them side by side and smaller (by CSS, floating-buttons.css: the same markup on the
 * server and in the browser); the page keeps room for them below its last element
 * (`salas-floating-room`, web/app/layouts/shell.css) so they cover nothing at the end of a page,
 * and the room page keeps its booking card and bar clear of them. They are a landmark of their own
 * (`<aside>`, complementary), so nothing of the page sits outside one (axe `region`).
 */
export function FloatingButtons() {
  const config = usePublicConfig();
  const { user } = useSession();
  if (!config) return null;
  const whatsapp = `https://wa.me/${config.supportWhatsapp}?text=${encodeURIComponent(HELP_MESSAGE)}`;
  return (
    <aside className="salas-floating" aria-label={HELP_REGION}>
      {user?.role_name === 'customer' && (
        <FloatingLink href={config.chatUrl} color="salas" label="Abrir chat com o Salas" title="Abrir chat">
          <IconMessageCircle />
        </FloatingLink>
      )}
      <FloatingLink href={whatsapp} color="#1f7a3f" label="Ajuda pelo WhatsApp" title="Precisa de ajuda?">
        <IconBrandWhatsapp />
      </FloatingLink>
    </aside>
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
      radius="xl"
      color={color}
      aria-label={label}
      title={title}
      className="salas-floating-button"
    >
      {children}
    </ActionIcon>
  );
}
