/** Clinic, room and profile photos: checked, re-encoded, stored, listed, made cover, deleted. */
import { randomUUID } from 'node:crypto';
import type { Photo } from '#common/contracts/supply';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { toPhoto } from '../supply.mappers.ts';
import { type RenderedImage, type StoredImage, storeRendered } from './image.ts';
import * as repo from './photo.repository.ts';
import { type CheckedImage, renderChecked } from './upload.ts';

export type PhotoType = 'clinic' | 'room' | 'profile';
export const MAX_PHOTOS_PER_OWNER = 20;
const notFound = () => new AppError('not_found', supplyMessages.notFound);
const refused = (reason: string) =>
  new AppError('validation', supplyMessages.photoFailed, { errors: { photos: [reason] } });
const tooMany = () => refused(`Cada clínica ou sala pode ter no máximo ${MAX_PHOTOS_PER_OWNER} fotos.`);

/** Where an upload goes: the kind of photo and its owner, already checked against the user. */
export interface PhotoTarget {
  type: PhotoType;
  owner: repo.PhotoOwner;
}

/** Whose photos these are, checked against the signed-in user (404 for anyone else's). */
export async function resolveTarget(
  s: Services,
  user: UserRow,
  type: PhotoType,
  uuid: string,
): Promise<PhotoTarget> {
  if (type === 'profile') {
    if (uuid !== user.uuid) throw notFound();
    return { type, owner: { userId: user.id } };
  }
  if (user.role !== 'partner') throw notFound();
  const owner = await repo.findPartnerOwner(s.db, user.id, type, uuid);
  if (!owner) throw notFound();
  return { type, owner };
}

/**
 * Deletes a clinic or room with `remove` (its photo rows go with it), then every size of those
 * photos from storage — once the rows are gone for good.
 */
export async function removeWithPhotos(
  s: Services,
  owner: { clinicId: number } | { roomId: number },
  remove: () => Promise<void>,
): Promise<void> {
  const keys = await repo.photoKeysOf(s.db, owner);
  await remove();
  await repo.deletePhotoFiles(s.storage, keys);
}

/**
 * A person has one profile photo: an upload carrying a second file for it is refused (422) when
 * that file starts, before its bytes are read. Clinics and rooms take several per upload.
 */
export function assertMayTakeAnotherFile(target: PhotoTarget, filesSoFar: number): void {
  if (target.type === 'profile' && filesSoFar >= 1) {
    throw refused('A foto de perfil é uma só: envie apenas uma imagem.');
  }
}

/**
 * Adds checked images to their owner, all or none: each is decoded once (one at a time), every
 * size is stored, then the rows are written with the owner's row locked. A profile photo replaces
 * the previous one, also when several uploads for one person run at once.
 */
export async function addPhotos(
  s: Services,
  user: UserRow,
  target: PhotoTarget,
  images: CheckedImage[],
): Promise<Photo[]> {
  const { type, owner } = target;
  if (images.length === 0) throw refused('Escolha pelo menos uma imagem.');
  const replacing = type === 'profile';
  if (replacing && images.length > 1) assertMayTakeAnotherFile(target, 1);
  // Refused before decoding anything; checked again under the lock below.
  if (!replacing && (await repo.listPhotos(s.db, owner)).length + images.length > MAX_PHOTOS_PER_OWNER) {
    throw tooMany();
  }
  const rendered: RenderedImage[] = [];
  for (const image of images) rendered.push(await renderChecked(image));

  const stored: string[] = [];
  let replaced: string[] = [];
  try {
    const saved: StoredImage[] = [];
    for (const image of rendered) {
      const key = `photos/${randomUUID()}`;
      stored.push(key);
      saved.push(await storeRendered(s.storage, image, key));
    }
    replaced = await s.db.transaction(async (tx) => {
      if (!(await repo.lockOwner(tx, owner))) throw notFound();
      const existing = replacing ? [] : await repo.listPhotos(tx, owner);
      if (existing.length + saved.length > MAX_PHOTOS_PER_OWNER) throw tooMany();
      const old = replacing ? await repo.deletePhotosOf(tx, owner) : [];
      const base = existing.length;
      await repo.insertPhotos(
        tx,
        saved.map((image, i) => ({
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
      return old;
    });
  } catch (err) {
    await repo.deletePhotoFiles(s.storage, stored);
    throw err;
  }
  // The replaced profile photo's files go once its row is gone for good.
  await repo.deletePhotoFiles(s.storage, replaced);
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
