import { describe, expect, it } from 'vitest';
import {
  PENDING_BOOKING_KEY,
  PENDING_BOOKING_TTL_MS,
  savePendingBooking,
  takePendingBooking,
} from './pending-booking.ts';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const room = '5b0c1f2e-8a3d-4c1b-9f7e-2d6a4b8c0e13';
const pending = {
  room,
  dateTimes: ['2026-12-15T09:00:00-03:00', '2026-12-15T10:00:00-03:00'],
  day: '2026-12-15',
  weeks: '4',
};

describe('pending booking', () => {
  it('gives the kept hours back once, for the same room', () => {
    const store = memoryStore();
    savePendingBooking(pending, store, 1000);
    expect(takePendingBooking('another-room', store, 2000)).toBeUndefined();
    expect(takePendingBooking(room, store, 2000)).toEqual(pending);
    expect(takePendingBooking(room, store, 3000)).toBeUndefined();
  });

  it('drops them after two hours', () => {
    const store = memoryStore();
    savePendingBooking(pending, store, 1000);
    expect(takePendingBooking(room, store, 1000 + PENDING_BOOKING_TTL_MS)).toBeUndefined();
    expect(store.data.has(PENDING_BOOKING_KEY)).toBe(false);
  });

  it('keeps only well-formed values from whatever the storage holds', () => {
    const store = memoryStore();
    store.setItem(
      PENDING_BOOKING_KEY,
      JSON.stringify({
        room,
        dateTimes: ['x', 3, pending.dateTimes[0]],
        day: 'amanhã',
        weeks: 9e9,
        expiresAt: 5000,
      }),
    );
    expect(takePendingBooking(room, store, 1000)).toEqual({
      room,
      dateTimes: [pending.dateTimes[0]],
      day: null,
      weeks: '3',
    });
    store.setItem(PENDING_BOOKING_KEY, '{not json');
    expect(takePendingBooking(room, store, 1000)).toBeUndefined();
  });
});
