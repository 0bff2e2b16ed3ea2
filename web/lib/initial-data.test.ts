import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { freshOnArrival } from './initial-data.ts';

const state = (dataUpdatedAt: number) =>
  ({
    mutations: [],
    queries: [
      {
        queryKey: ['rooms', 'detail', 'x'],
        queryHash: '["rooms","detail","x"]',
        state: { data: { name: 'Sala' }, dataUpdatedAt, status: 'success' },
      },
    ],
  }) as unknown as DehydratedState;

describe('the data a server-drawn page came with', () => {
  it('counts as fetched when the page arrived, so a slow hydration does not ask the API again', () => {
    const [query] = freshOnArrival(state(1_000), 9_000).queries;
    expect(query!.state.dataUpdatedAt).toBe(9_000);
    expect(query!.state.data).toEqual({ name: 'Sala' });
  });

  it('never makes data older than it is', () => {
    expect(freshOnArrival(state(12_000), 9_000).queries[0]!.state.dataUpdatedAt).toBe(12_000);
  });
});
