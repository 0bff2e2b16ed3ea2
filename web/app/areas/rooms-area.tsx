import { ComingSoon } from '#web/components/coming-soon.tsx';

// Public room list and room page; the booking release replaces these placeholders.
export const RoomsPage = () => <ComingSoon title="Salas" />;
export const RoomPage = () => <ComingSoon title="Sala" />;
