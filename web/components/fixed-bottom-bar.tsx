import { Box, Container, Paper } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The height of the bar fixed at the bottom of the window, on the root while one shows: the floating
 * help buttons sit above it and pages keep that much more room at their end (web/app/layouts/shell.css).
 * Named after the room page's booking bar, the first to set it (decisions 0016, 0017 and 0043).
 */
export const BOTTOM_BAR_HEIGHT = '--salas-booking-bar-height';

/**
 * A bar fixed at the bottom of the window (the room editor's "Salvar", the room page's "Reservar"
 * on phones and tablets): a landmark named `label` over the page, with a shadow and a line on top,
 * its content in the page's column and clear of the phone's home indicator (the safe area). Before
 * it, as much room as it is tall, so it never covers the page's last section.
 *
 * `sizedByCss`: a stylesheet sets the bar's height in BOTTOM_BAR_HEIGHT (room-page.css), so a page
 * the server draws has its room and the help buttons' place from the first paint; the content is
 * centred in that height. Otherwise the bar is as tall as its content and publishes its own height.
 */
export function FixedBottomBar({
  label,
  sizedByCss = false,
  children,
}: {
  label: string;
  sizedByCss?: boolean;
  children: ReactNode;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    const node = bar.current;
    if (sizedByCss || !node) return;
    const publish = () => root.style.setProperty(BOTTOM_BAR_HEIGHT, `${node.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BOTTOM_BAR_HEIGHT);
    };
  }, [sizedByCss]);
  const height = `var(${BOTTOM_BAR_HEIGHT}, 64px)`;
  return (
    <>
      <Box h={height} aria-hidden="true" />
      <Paper
        ref={bar}
        component="section"
        aria-label={label}
        shadow="lg"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        h={sizedByCss ? height : undefined}
        py={sizedByCss ? undefined : 'sm'}
        style={{
          zIndex: 140,
          borderTop: '1px solid var(--mantine-color-gray-3)',
          ...(sizedByCss
            ? { display: 'flex', alignItems: 'center', paddingBottom: 'env(safe-area-inset-bottom)' }
            : { paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))' }),
        }}
      >
        <Container size="xl" w="100%">
          {children}
        </Container>
      </Paper>
    </>
  );
}
