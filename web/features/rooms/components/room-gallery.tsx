import { Badge, Box, Button, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { IconDoor, IconPhoto } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { text } from '../messages.ts';

// The full-screen viewer loads when a photo is opened.
const PhotoViewer = lazy(async () => ({ default: (await import('./photo-viewer.tsx')).PhotoViewer }));

const t = text.gallery;
type Photo = { uuid: string; url: string };

/**
 * The room's photos: a large one and, on wider screens, two beside it; every photo opens the
 * full-screen viewer. On a phone, the first photo with the count.
 */
export function RoomGallery({ photos, name, wide }: { photos: Photo[]; name: string; wide: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!photos.length)
    return (
      <Group h={220} justify="center" bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <IconDoor size={40} color="var(--mantine-color-gray-6)" aria-hidden="true" />
        <Text c="dimmed">{t.noPhotos}</Text>
      </Group>
    );
  const side = wide ? photos.slice(1, 3) : [];
  const tile = (p: Photo, i: number, h: number, size: 'sm' | 'lg') => (
    <UnstyledButton
      key={p.uuid}
      onClick={() => setOpen(i)}
      aria-label={t.open(i + 1, photos.length)}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', display: 'block', minWidth: 0 }}
    >
      <Image
        src={`${p.url}?size=${size}`}
        alt={t.photo(name, i + 1, photos.length)}
        h={h}
        w="100%"
        fit="cover"
        loading={i === 0 ? 'eager' : 'lazy'}
        fetchPriority={i === 0 ? 'high' : 'auto'}
      />
    </UnstyledButton>
  );
  return (
    <Box pos="relative">
      <Box
        style={{
          display: 'grid',
          gap: 8,
          gridTemplateColumns: side.length ? '2fr 1fr' : '1fr',
          gridTemplateRows: side.length ? '1fr 1fr' : undefined,
        }}
      >
        <Box style={{ gridRow: side.length ? 'span 2' : undefined, minWidth: 0 }}>
          {tile(photos[0]!, 0, wide ? 400 : 260, 'lg')}
        </Box>
        {side.map((p, i) => tile(p, i + 1, side.length === 1 ? 400 : 196, 'sm'))}
      </Box>
      {photos.length > 1 &&
        (wide ? (
          <Button
            pos="absolute"
            bottom={12}
            right={12}
            size="xs"
            variant="white"
            color="dark"
            leftSection={<IconPhoto size={14} aria-hidden="true" />}
            onClick={() => setOpen(0)}
          >
            {t.all(photos.length)}
          </Button>
        ) : (
          <Badge pos="absolute" bottom={10} right={10} color="dark" variant="filled" aria-hidden="true">
            {t.counter(1, photos.length)}
          </Badge>
        ))}
      {open !== null && (
        <Suspense>
          <PhotoViewer photos={photos} name={name} start={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Box>
  );
}
