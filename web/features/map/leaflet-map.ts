/**
 * Leaflet's map with the configured tiles (GET /api/config: MAP_TILE_URL, MAP_TILE_ATTRIBUTION).
 * Only the map's own chunks import this file: Leaflet and its styles load when a map opens.
 */
import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { round5 } from './round.ts';

export { L };

/** Where a map opens before it knows better: São Paulo's centre. */
export const DEFAULT_VIEW = { center: [-23.5505, -46.6333] as [number, number], zoom: 11 };

/**
 * A map in `element`: the zoom buttons top-left and the attribution bottom-left, where the floating
 * help buttons (bottom-right of the window) never cover them; wheel zoom only after a click into
 * the map, so the page scrolls past it. `map.remove()` lets go of everything.
 */
export function createMap(element: HTMLElement, tiles: { url: string; attribution: string }): L.Map {
  const map = L.map(element, { zoomControl: false, attributionControl: false, scrollWheelZoom: false });
  L.control.zoom({ position: 'topleft', zoomInTitle: 'Aproximar', zoomOutTitle: 'Afastar' }).addTo(map);
  L.control
    .attribution({ position: 'bottomleft', prefix: '<a href="https://leafletjs.com">Leaflet</a>' })
    .addTo(map);
  L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
  map.on('click', () => map.scrollWheelZoom.enable());
  // The pane may change size after it opens (a phone turned, the list beside it).
  const resized = new ResizeObserver(() => map.invalidateSize({ animate: false }));
  resized.observe(element);
  map.on('unload', () => resized.disconnect());
  return map;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** The map's view as the search's box (a view wider than the world is cut to it). */
export function viewBox(map: L.Map) {
  const b = map.getBounds();
  return {
    south: round5(clamp(b.getSouth(), -90, 90)),
    west: round5(clamp(b.getWest(), -180, 180)),
    north: round5(clamp(b.getNorth(), -90, 90)),
    east: round5(clamp(b.getEast(), -180, 180)),
  };
}
