/** Clinic, room and profile photos: checked, re-encoded, stored, listed, made cover, deleted. */
import { randomUUID } from 'node:crypto';
import type { Photo } from '#common/contracts/supply';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import * as clinicsRepo from '../clinics/clinic.repository.ts';
import * as roomsRepo from '../rooms/room.repository.ts';
import { toPhoto } from '../supply.mappers.ts';
import { storeImage } from './image.ts';
import * as repo from './photo.repository.ts';
import { assertAcceptableImage } from './upload.ts';

export type PhotoType = 'clinic' | 'room' | 'profile';
export const MAX_PHOTOS_PER_OWNER = 20;
const notFound = () => new AppError('not_found', supplyMessages.notFound);

/** Whose photos these are, checked against the signed-in user (404 for anyone else's). */
async function ownerOf(s: Services, user: UserRow, type: PhotoType, uuid: string): Promise<repo.PhotoOwner> {
  if (type === 'profile') {
    if (uuid !== user.uuid) throw notFound();
    return { userId: user.id };
  }
  if (user.role !== 'partner') throw notFound();
  if (type === 'clinic') {
    const clinic = await clinicsRepo.findOwnedClinic(s.db, user.id, uuid);
    if (!clinic) throw notFound();
    return { clinicId: clinic.id };
  }
  const room = await roomsRepo.findOwnedRoom(s.db, user.id, uuid);
  if (!room) throw notFound();
  return { roomId: room.room.id };
}

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** All files or none: every file is checked before any is stored. */
export async function addPhotos(
  s: Services,
  user: UserRow,
  type: PhotoType,
  ownerUuid: string,
  files: UploadedFile[],
): Promise<Photo[]> {
  const owner = await ownerOf(s, user, type, ownerUuid);
  if (files.length === 0) {
    throw new AppError('validation', supplyMessages.photoFailed, {
      errors: { photos: ['Escolha pelo menos uma imagem.'] },
    });
  }
  for (const file of files) await assertAcceptableImage(file.data, file.filename);
  const existing = await repo.listPhotos(s.db, owner);
  const replacing = type === 'profile';
  if (!replacing && existing.length + files.length > MAX_PHOTOS_PER_OWNER) {
    throw new AppError('validation', supplyMessages.photoFailed, {
      errors: { photos: [`Cada clínica ou sala pode ter no máximo ${MAX_PHOTOS_PER_OWNER} fotos.`] },
    });
  }

  const stored: string[] = [];
  try {
    const images: Awaited<ReturnType<typeof storeImage>>[] = [];
    for (const file of files) {
      const key = `photos/${randomUUID()}`;
      images.push(await storeImage(s.storage, file.data, key));
      stored.push(key);
    }
    const base = replacing ? 0 : existing.length;
    await s.db.transaction(async (tx) => {
      if (replacing) for (const old of existing) await repo.deletePhoto(tx, old.id);
      const rows = await repo.insertPhotos(
        tx,
        images.map((image, i) => ({
          type,
          ...('clinicId' in owner ? { clinicId: owner.clinicId } : {}),
          ...('roomId' in owner ? { roomId: owner.roomId } : {}),
          ...('userId' in owner ? { userId: owner.userId } : {}),
          ...image,
          position: base + i,
          isCover: base + i === 0,
          uploadedBy: user.id,
        })),
      );
      if (!rows.length) throw new Error('nenhuma foto gravada');
    });
    if (replacing)
      await repo.deletePhotoFiles(
        s.storage,
        existing.map((p) => p.storageKey),
      );
  } catch (err) {
    await repo.deletePhotoFiles(s.storage, stored);
    throw err;
  }
  return (await repo.listPhotos(s.db, owner)).map(toPhoto);
}

async function ownedPhoto(s: Services, user: UserRow, photoUuid: string, type?: PhotoType) {
  const found = await repo.findPhotoWithPartner(s.db, photoUuid);
  if (!found || (type && found.photo.type !== type)) throw notFound();
  const { photo, partnerId } = found;
  const mine =
    photo.type === 'profile' ? photo.userId === user.id : user.role === 'partner' && partnerId === user.id;
  if (!mine) throw notFound();
  const owner: repo.PhotoOwner = photo.clinicId
    ? { clinicId: photo.clinicId }
    : photo.roomId
      ? { roomId: photo.roomId }
      : { userId: user.id };
  return { photo, owner };
}

export async function deletePhoto(
  s: Services,
  user: UserRow,
  type: PhotoType,
  photoUuid: string,
): Promise<void> {
  const { photo, owner } = await ownedPhoto(s, user, photoUuid, type);
  await s.db.transaction(async (tx) => {
    await repo.deletePhoto(tx, photo.id);
    if (photo.isCover) {
      const [next] = await repo.listPhotos(tx, owner);
      await repo.setCover(tx, owner, next?.id);
    }
  });
  await repo.deletePhotoFiles(s.storage, [photo.storageKey]);
}

export async function makeCover(s: Services, user: UserRow, photoUuid: string): Promise<Photo[]> {
  const { photo, owner } = await ownedPhoto(s, user, photoUuid);
  await s.db.transaction((tx) => repo.setCover(tx, owner, photo.id));
  return (await repo.listPhotos(s.db, owner)).map(toPhoto);
}
