/** Specialist data (DESIGN §5): completeData and the profile it fills. */
import {
  authMessages,
  type CompleteDataBody,
  type Council,
  type SpecialistProfile,
} from '#common/contracts/auth';
import { AppError } from '#common/errors';
import { pgConstraint } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { saveAddress } from '../addresses/address.repository.ts';
import * as usersRepo from '../auth/user.repository.ts';
import { profilePhoneChanged } from '../whatsapp/consent.service.ts';
import * as repo from './profile.repository.ts';

const toCouncil = (c: repo.CouncilRow): Council => ({
  uuid: c.uuid,
  acronym: c.acronym,
  name: c.name,
  profession: c.profession,
});

export async function listCouncils(s: Services): Promise<Council[]> {
  return (await repo.listCouncils(s.db)).map(toCouncil);
}

export async function getProfile(s: Services, userId: number): Promise<SpecialistProfile | null> {
  const row = await repo.findProfile(s.db, userId);
  if (!row) return null;
  const user = await usersRepo.findUserById(s.db, userId);
  const a = row.address;
  return {
    name: user?.name ?? '',
    cpf: row.profile.cpf,
    birth_date: row.profile.birthDate,
    phone: row.profile.phone,
    profession: row.profile.profession,
    council: toCouncil(row.council),
    council_number: row.profile.councilNumber,
    council_state: row.profile.councilState,
    address: a
      ? {
          uuid: a.uuid,
          zip_code: a.zipCode,
          street: a.street,
          number: a.number,
          complement: a.complement ?? null,
          neighborhood: a.neighborhood,
          city: a.city,
          state: a.state,
        }
      : null,
  };
}

const cpfTaken = () =>
  new AppError('validation', authMessages.completeDataFailed, {
    errors: { cpf: ['Este CPF já está cadastrado em outra conta.'] },
  });

export async function completeData(
  s: Services,
  userId: number,
  body: CompleteDataBody,
): Promise<SpecialistProfile> {
  const now = s.clock();
  const council = await repo.findCouncilByUuid(s.db, body.council_uuid);
  if (!council) {
    throw new AppError('validation', authMessages.completeDataFailed, {
      errors: { council_uuid: ['Conselho não encontrado.'] },
    });
  }
  const other = await repo.findProfileByCpf(s.db, body.cpf);
  if (other && other.userId !== userId) throw cpfTaken();
  try {
    await s.db.transaction(async (tx) => {
      const current = await repo.findProfile(tx, userId);
      const addressId = await saveAddress(tx, userId, current?.profile.addressId ?? null, body.address, now);
      await repo.upsertProfile(tx, {
        userId,
        cpf: body.cpf,
        birthDate: body.birth_date,
        phone: body.phone,
        profession: body.profession,
        councilId: council.id,
        councilNumber: body.council_number,
        councilState: body.council_state,
        addressId,
        now,
      });
      await usersRepo.setName(tx, userId, body.name, now);
      await profilePhoneChanged({ db: tx, clock: s.clock }, userId, body.phone);
    });
  } catch (err) {
    if (pgConstraint(err) === 'specialist_profiles_cpf_key') throw cpfTaken();
    throw err;
  }
  const saved = await getProfile(s, userId);
  if (!saved) throw new AppError('internal', authMessages.completeDataFailed);
  return saved;
}
