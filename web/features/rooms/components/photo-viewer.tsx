import { ActionIcon, Box, Group, Image, Modal, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { type PointerEvent, useRef, useState } from 'react';
import { text } from '../messages.ts';

const t = text.gallery;
const SWIPE_PX = 40;

/**
 * The photos full screen: arrows and the ← → keys move, a swipe too, Esc closes (Modal's own
 * focus trap and Esc). Each photo keeps its alt text; the count is announced as it changes.
 */
export function PhotoViewer({
  photos,
  name,
  start,
  onClose,
}: {
  photos: { uuid: string; url: string }[];
  name: string;
  start: number;
  onClose(): void;
}) {
  const [index, setIndex] = useState(start);
  const downX = useRef<number | null>(null);
  const n = photos.length;
  const go = (step: number) => setIndex((i) => (i + step + n) % n);
  // The arrows move from the moment the viewer shows, before the focus has moved into it.
  useWindowEvent('keydown', (e) => {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
  });
  const photo = photos[index]!;

  const onPointerDown = (e: PointerEvent) => {
    downX.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (downX.current === null) return;
    const dx = e.clientX - downX.current;
    downX.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      title={t.viewer}
      padding={0}
      transitionProps={{ transition: 'fade', duration: 150 }}
      styles={{
        content: { background: '#111' },
        header: { display: 'none' },
        body: { height: '100%' },
      }}
    >
      <Box
        h="100dvh"
        style={{ display: 'flex', flexDirection: 'column', color: 'white', touchAction: 'pan-y' }}
      >
        <Group justify="space-between" px="md" py="sm">
          <Text c="white" size="sm" aria-live="polite">
            {t.counter(index + 1, n)}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray.0"
            size="lg"
            onClick={onClose}
            aria-label={t.close}
            data-autofocus
          >
            <IconX aria-hidden="true" />
          </ActionIcon>
        </Group>
        <Box
          style={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            downX.current = null;
          }}
          pos="relative"
        >
          <Box pos="absolute" top={0} bottom={0} left={0} right={0} px={{ base: 0, sm: 72 }} pb="md">
            <Image
              key={photo.uuid}
              src={`${photo.url}?size=lg`}
              alt={t.photo(name, index + 1, n)}
              fit="contain"
              h="100%"
              w="100%"
              draggable={false}
              style={{ userSelect: 'none' }}
            />
          </Box>
          {n > 1 && (
            <>
              <ActionIcon
                pos="absolute"
                left={12}
                top="50%"
                style={{ transform: 'translateY(-50%)' }}
                size={44}
                radius="xl"
                variant="white"
                color="dark"
                onClick={() => go(-1)}
                aria-label={t.previous}
              >
                <IconChevronLeft aria-hidden="true" />
              </ActionIcon>
              <ActionIcon
                pos="absolute"
                right={12}
                top="50%"
                style={{ transform: 'translateY(-50%)' }}
                size={44}
                radius="xl"
                variant="white"
                color="dark"
                onClick={() => go(1)}
                aria-label={t.next}
              >
                <IconChevronRight aria-hidden="true" />
              </ActionIcon>
            </>
          )}
        </Box>
      </Box>
    </Modal>
  );
}
