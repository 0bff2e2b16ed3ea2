/** Where "perto" starts: the browser's location (asked only on the tap) or an address or CEP. */
import type { GeocodeAnswer, GeoPoint } from '#common/contracts/rooms';
import { ApiError, api } from '#web/lib/api.ts';
import { text } from './messages.ts';
import { round5 } from './round.ts';

const t = text.near;

/**
 * The browser's position, asked now (the browser asks the person the first time). A refusal, a
 * timeout or a browser without location rejects with the Portuguese sentence to show.
 */
export function currentPosition(): Promise<GeoPoint> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(t.unsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: round5(p.coords.latitude), lng: round5(p.coords.longitude) }),
      (err) => reject(new Error(err.code === err.PERMISSION_DENIED ? t.denied : t.unavailable)),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  });
}

/**
 * An address or CEP's point and name (GET /api/geocode?q=); not found rejects with the sentence to
 * show, a refused text with the server's.
 */
export async function geocode(q: string): Promise<GeocodeAnswer> {
  try {
    const { data } = await api<{ data: GeocodeAnswer }>(`/geocode?q=${encodeURIComponent(q.trim())}`);
    return { lat: round5(data.lat), lng: round5(data.lng), label: data.label };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new Error(t.notFound);
    throw err;
  }
}
