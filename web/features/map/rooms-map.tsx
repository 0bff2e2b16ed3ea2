/**
 * The room list's map (loaded only when a person opens it): one price marker per place of the page's
 * rooms (rooms of one clinic share it, the lowest price on it), the tapped place's rooms in a card
 * over the map, and "Buscar nesta área" once the person has moved the map.
 */
import { Button, CloseButton, Paper, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { GeoBox, GeoPoint, RoomResult } from '#common/contracts/rooms';
import { createMap, DEFAULT_VIEW, L, viewBox } from './leaflet-map.ts';
import { text } from './messages.ts';
import { shortBrl } from './price.ts';

export interface RoomsMapProps {
  rooms: RoomResult[];
  tiles: { url: string; attribution: string };
  /** The searched box (`area`): the map opens on it and stays where the person left it. */
  area: GeoBox | null;
  /** The searched point (`perto`), marked and kept in view. */
  near: GeoPoint | null;
  onSearchArea(box: GeoBox): void;
  /** The card of a tapped place's rooms. */
  renderCard(rooms: RoomResult[]): ReactNode;
}

interface Place {
  key: string;
  lat: number;
  lng: number;
  rooms: RoomResult[];
}

/** The rooms with a place, grouped by it (a clinic's rooms stand on one point). */
function placesOf(rooms: RoomResult[]): Place[] {
  const byKey = new Map<string, Place>();
  for (const room of rooms) {
    if (room.latitude === null || room.longitude === null) continue;
    const key = `${room.latitude},${room.longitude}`;
    const place = byKey.get(key) ?? { key, lat: room.latitude, lng: room.longitude, rooms: [] };
    place.rooms.push(room);
    byKey.set(key, place);
  }
  return [...byKey.values()];
}

export default function RoomsMap({ rooms, tiles, area, near, onSearchArea, renderCard }: RoomsMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const markers = useRef(new Map<string, L.Marker>());
  // Moves the page makes (fitting the results) are not the person's: no "Buscar nesta área" for them.
  const fitting = useRef(false);
  const [moved, setMoved] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const places = placesOf(rooms);
  const roomsKey = places.map((p) => `${p.key}:${p.rooms.map((r) => r.uuid).join('+')}`).join('|');

  useEffect(() => {
    const map = createMap(element.current!, tiles);
    mapRef.current = map;
    layer.current = L.layerGroup().addTo(map);
    map.on('dragend', () => setMoved(true));
    map.on('zoomend', () => {
      if (!fitting.current) setMoved(true);
    });
    map.on('click', () => setPicked(null));
    // The box searched is the view the person chose: open on it.
    if (area) fit(map, fitting, L.latLngBounds([area.south, area.west], [area.north, area.east]), 0);
    else map.setView(DEFAULT_VIEW.center, DEFAULT_VIEW.zoom, { animate: false });
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, [tiles.url]);

  // The markers of the page's places; without a searched box the view fits them (and the point).
  useEffect(() => {
    const map = mapRef.current;
    const group = layer.current;
    if (!map || !group) return;
    group.clearLayers();
    markers.current.clear();
    for (const place of places) {
      const cheapest = Math.min(...place.rooms.map((r) => r.hour_price_cents));
      const label = shortBrl(cheapest);
      const names = place.rooms.map((r) => r.name).join(', ');
      const shown = `${label}${place.rooms.length > 1 ? ` · ${place.rooms.length}` : ''}`;
      // The pill's box sized to its text (about 8 px a character at 14 px bold), centred on the place.
      const width = Math.round(shown.length * 8 + 24);
      const marker = L.marker([place.lat, place.lng], {
        icon: L.divIcon({
          className: 'salas-price-marker',
          html: `<span>${shown}</span>`,
          iconSize: [width, 28],
          iconAnchor: [width / 2, 14],
        }),
        keyboard: true,
        riseOnHover: true,
      });
      marker.on('click', () => setPicked(place.key));
      // Leaflet makes the marker a focusable button but opens nothing on Enter without a popup.
      marker.on('keydown', (e) => {
        const key = (e as L.LeafletKeyboardEvent).originalEvent.key;
        if (key !== 'Enter' && key !== ' ') return;
        (e as L.LeafletKeyboardEvent).originalEvent.preventDefault();
        setPicked(place.key);
      });
      marker.addTo(group);
      markers.current.set(place.key, marker);
      marker.getElement()?.setAttribute('aria-label', text.marker(names, label));
    }
    if (near)
      L.circleMarker([near.lat, near.lng], { radius: 8, color: '#1864ab', fillOpacity: 0.9 })
        .bindTooltip(text.youAreHere)
        .addTo(group);
    if (!area) {
      const points = places.map((p) => L.latLng(p.lat, p.lng));
      if (near) points.push(L.latLng(near.lat, near.lng));
      if (points.length) fit(map, fitting, L.latLngBounds(points), 17);
      setMoved(false);
    }
  }, [roomsKey, near?.lat, near?.lng, area === null]);

  // The tapped place's marker stands out while its card is open.
  useEffect(() => {
    for (const [key, marker] of markers.current)
      marker.getElement()?.classList.toggle('salas-picked', key === picked);
  }, [picked, roomsKey]);

  const pickedPlace = places.find((p) => p.key === picked);
  return (
    <section className="salas-map" aria-label={text.mapLabel}>
      <div ref={element} />
      <div className="salas-map-overlay">
        {moved && (
          <Button
            size="compact-md"
            radius="xl"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            style={{ boxShadow: 'var(--mantine-shadow-md)' }}
            onClick={() => {
              setMoved(false);
              setPicked(null);
              if (mapRef.current) onSearchArea(viewBox(mapRef.current));
            }}
          >
            {text.searchArea}
          </Button>
        )}
        {pickedPlace && (
          <Paper shadow="md" radius="md" p="xs" pr={36} pos="relative" w={340} withBorder>
            <CloseButton
              pos="absolute"
              top={4}
              right={4}
              aria-label={text.closeCard}
              onClick={() => setPicked(null)}
            />
            {pickedPlace.rooms.length > 1 && (
              <Text size="xs" c="dimmed" mb={4}>
                {text.roomsAt(pickedPlace.rooms.length)}
              </Text>
            )}
            {renderCard(pickedPlace.rooms)}
          </Paper>
        )}
        {places.length === 0 && rooms.length > 0 && (
          <Paper shadow="sm" radius="md" p="xs" withBorder>
            <Text size="sm">{text.noPlaces}</Text>
          </Paper>
        )}
      </div>
    </section>
  );
}

/** Fits the view to `bounds` at once (no animation), marked as the page's own move. */
function fit(map: L.Map, fitting: { current: boolean }, bounds: L.LatLngBounds, maxZoom: number) {
  fitting.current = true;
  try {
    map.fitBounds(bounds, { animate: false, padding: [40, 40], ...(maxZoom ? { maxZoom } : {}) });
  } finally {
    fitting.current = false;
  }
}
