/**
 * A clinic's pin (loaded only when its editor shows it): a click on the map puts the pin there, and
 * the pin can be dragged. `onPick` hands each new place up; the page saves it.
 */
import { useEffect, useRef } from 'react';
import type { GeoPoint } from '#common/contracts/rooms';
import { createMap, DEFAULT_VIEW, L } from './leaflet-map.ts';
import { text } from './messages.ts';
import { round5 } from './round.ts';

export interface PinMapProps {
  tiles: { url: string; attribution: string };
  value: GeoPoint | null;
  onPick(point: GeoPoint): void;
}

const pinIcon = () =>
  L.divIcon({ className: 'salas-pin', html: '<span></span>', iconSize: [28, 28], iconAnchor: [14, 28] });

export default function PinMap({ tiles, value, onPick }: PinMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const map = createMap(element.current!, tiles);
    mapRef.current = map;
    if (value) map.setView([value.lat, value.lng], 16, { animate: false });
    else map.setView(DEFAULT_VIEW.center, DEFAULT_VIEW.zoom, { animate: false });
    map.on('click', (e: L.LeafletMouseEvent) =>
      pick.current({ lat: round5(e.latlng.lat), lng: round5(e.latlng.lng) }),
    );
    return () => {
      map.remove();
      mapRef.current = null;
      pin.current = null;
    };
  }, [tiles.url]);

  // The pin follows the value: placed, moved, or taken away.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!value) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    if (!pin.current) {
      pin.current = L.marker([value.lat, value.lng], {
        icon: pinIcon(),
        draggable: true,
        keyboard: true,
        title: text.pin.marker,
      }).addTo(map);
      pin.current.on('dragend', () => {
        const at = pin.current!.getLatLng();
        pick.current({ lat: round5(at.lat), lng: round5(at.lng) });
      });
      pin.current.getElement()?.setAttribute('aria-label', text.pin.marker);
    } else pin.current.setLatLng([value.lat, value.lng]);
    if (!map.getBounds().contains([value.lat, value.lng]))
      map.panTo([value.lat, value.lng], { animate: false });
  }, [value?.lat, value?.lng]);

  return (
    <section className="salas-map" aria-label={text.pin.title}>
      <div ref={element} />
    </section>
  );
}
