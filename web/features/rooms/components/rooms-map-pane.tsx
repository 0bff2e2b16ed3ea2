/**
 * The list's map with its rooms' card (web/features/map/rooms-map.tsx), in a module of its own that
 * the list page fetches when the person opens the map: Leaflet and its styles come with it.
 */
import type { RoomsMapProps } from '#web/features/map/rooms-map.tsx';
import RoomsMap from '#web/features/map/rooms-map.tsx';
import { MapRoomCard } from './map-room-card.tsx';

export default function RoomsMapPane({
  search,
  date,
  ...map
}: Omit<RoomsMapProps, 'renderCard'> & { search: string | null; date: string | null }) {
  return (
    <RoomsMap {...map} renderCard={(rooms) => <MapRoomCard rooms={rooms} search={search} date={date} />} />
  );
}
