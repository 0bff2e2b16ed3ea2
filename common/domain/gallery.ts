/**
 * How the room page's gallery asks for its photos (web/features/rooms/components/room-gallery.tsx):
 * the two stored sizes (server/features/photos/image.ts) and the width each place draws, so the
 * browser picks one; the server preloads the first photo with the same rule (decision 0044), or
 * the browser would fetch it twice.
 */
export const gallerySrcSet = (url: string) => `${url}?size=sm 640w, ${url}?size=lg 1600w`;

/** The drawn width of photo `index` among `shown` (1 alone, 2 side by side, 3 as a mosaic). */
export const gallerySizes = (index: number, shown: number) =>
  index === 0 && shown !== 2
    ? '(min-width: 75em) 800px, (min-width: 62em) 50vw, 100vw'
    : '(min-width: 48em) 400px, 100vw';

/** Most photos the gallery shows at once. */
export const GALLERY_SHOWN = 3;
