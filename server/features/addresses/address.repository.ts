/** Brazilian addresses of users and clinics: the one place that writes them. */
import { eq } from 'drizzle-orm';
import type { AddressInput } from '#common/contracts/auth';
import type { Executor } from '../../db/client.ts';
import { addresses } from '../../db/schema.ts';

const addressValues = (a: AddressInput) => ({
  zipCode: a.zip_code,
  street: a.street,
  number: a.number,
  complement: a.complement ?? null,
  neighborhood: a.neighborhood,
  city: a.city,
  state: a.state,
});

/** Updates the address when there is one, else creates it; answers its id. */
export async function saveAddress(
  db: Executor,
  ownerId: number,
  existingId: number | null,
  input: AddressInput,
  now: Date,
): Promise<number> {
  if (existingId) {
    await db
      .update(addresses)
      .set({ ...addressValues(input), updatedAt: now })
      .where(eq(addresses.id, existingId));
    return existingId;
  }
  const rows = await db
    .insert(addresses)
    .values({ ownerId, ...addressValues(input), createdAt: now, updatedAt: now })
    .returning({ id: addresses.id });
  return rows[0]!.id;
}
