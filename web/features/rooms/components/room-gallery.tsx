import './room-page.css';
import { Badge, Box, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconDoor, IconPhoto } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { GALLERY_SHOWN, gallerySizes, gallerySrcSet } from '#common/domain/gallery';
import { text } from '../messages.ts';

// The full-screen viewer loads when a photo is opened.
const PhotoViewer = lazy(async () => ({ default: (await import('./photo-viewer.tsx')).PhotoViewer }));

const t = text.gallery;
type Photo = { uuid: string; url: string };

/**
 * The room's photos, sized to how many there are (wider screens): one photo alone, two side by
 * side, three or more as a large one with two beside it; every photo opens the full-screen viewer.
 * On a phone, the first photo with the count. Widths are chosen by CSS (room-page.css), so the
 * server draws the same gallery; every image has its size, so nothing moves when it arrives.
 */
export function RoomGallery({ photos, name }: { photos: Photo[]; name: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!photos.length)
    return (
      <Group h={220} justify="center" bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <IconDoor size={40} color="var(--mantine-color-gray-6)" aria-hidden="true" />
        <Text c="dimmed">{t.noPhotos}</Text>
      </Group>
    );
  const shown = photos.slice(0, GALLERY_SHOWN);
  return (
    <Box pos="relative">
      <div className="salas-gallery" data-count={shown.length}>
        {shown.map((p, i) => (
          <UnstyledButton
            key={p.uuid}
            className="salas-gallery-tile"
            onClick={() => setOpen(i)}
            aria-label={t.open(i + 1, photos.length)}
          >
            <img
              src={`${p.url}?size=${i === 0 ? 'lg' : 'sm'}`}
              srcSet={gallerySrcSet(p.url)}
              sizes={gallerySizes(i, shown.length)}
              width={1600}
              height={1200}
              alt={t.photo(name, i + 1, photos.length)}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              decoding={i === 0 ? 'sync' : 'async'}
            />
          </UnstyledButton>
        ))}
      </div>
      {photos.length > 1 && (
        <>
          <Button
            className="salas-gallery-all"
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
          <Badge
            className="salas-gallery-count"
            pos="absolute"
            bottom={10}
            right={10}
            color="dark"
            variant="filled"
            aria-hidden="true"
          >
            {t.counter(1, photos.length)}
          </Badge>
        </>
      )}
      {open !== null && (
        <Suspense>
          <PhotoViewer photos={photos} name={name} start={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Box>
  );
}
