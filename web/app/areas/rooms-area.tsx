// Public room list and room page (SPEC §2 /rooms, /rooms/[uuid]).
export { RoomPage } from '#web/features/rooms/pages/room-page.tsx';
export { RoomsPage } from '#web/features/rooms/pages/rooms-page.tsx';
