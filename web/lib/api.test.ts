import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockConflictResponse, blockMessages } from '#common/contracts/supply';
import { ApiError, api, errorBody } from './api.ts';

const conflict = {
  message: blockMessages.conflicts(1),
  code: 'conflicts',
  conflicts: [
    {
      appointment_uuid: '0b5e7d7e-8a53-4c1e-9f0a-2d0f6f1c9a01',
      room_uuid: '5f2c1a3b-7d4e-4f6a-8b9c-0d1e2f3a4b5c',
      date_time: '2026-12-01T09:00:00-03:00',
      customer_name: 'Ana Souza',
    },
  ],
};

/** The error api() throws when the server answers `status` with `body` (a string: not JSON). */
async function refusal(status: number, body: unknown): Promise<unknown> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })),
  );
  return api('/partner/blockedschedule/room/x').then(
    () => expect.fail('the call should have been refused'),
    (err: unknown) => err,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApiError', () => {
  it('keeps the whole body of a refusal, read with its contract by status', async () => {
    const err = await refusal(409, conflict);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(conflict.message);
    expect((err as ApiError).code).toBe('conflicts');
    expect((err as ApiError).body).toEqual(conflict);
    expect(errorBody(err, 409, blockConflictResponse)?.conflicts).toEqual(conflict.conflicts);
    // Another status, or a body the contract does not read, is not that answer.
    expect(errorBody(err, 422, blockConflictResponse)).toBeUndefined();
    const other = await refusal(409, { message: 'Conflito.', code: 'conflicts' });
    expect(errorBody(other, 409, blockConflictResponse)).toBeUndefined();
  });

  it('has an empty body when the refusal is not JSON, and errorBody reads only ApiErrors', async () => {
    const err = await refusal(502, '<html>Bad gateway</html>');
    expect((err as ApiError).status).toBe(502);
    expect((err as ApiError).body).toEqual({});
    expect(errorBody(new Error('x'), 409, blockConflictResponse)).toBeUndefined();
  });
});
