/** Multipart uploads with progress (fetch has none): XHR with the same bearer and XSRF as api(). */
import type { Photo } from '#common/contracts/supply';
import type { ApiErrorBody } from '#common/errors';
import { ApiError, readCookie } from './api.ts';
import { getToken } from './token.ts';

export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.withCredentials = true;
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('x-xsrf-token', xsrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body as ApiErrorBody));
    };
    xhr.onerror = () => reject(new ApiError(0, {}));
    xhr.send(form);
  });
}

/** POST /api/photo/bulk: photos of a clinic, a room or a profile. */
export const uploadPhotos = (
  type: 'clinic' | 'room' | 'profile',
  uuid: string,
  files: File[],
  onProgress?: (p: number) => void,
) => {
  const form = new FormData();
  form.append('type', type);
  form.append('uuid', uuid);
  for (const file of files) form.append('photos', file, file.name);
  return uploadForm<{ data: Photo[] }>('/photo/bulk', form, onProgress).then((r) => r.data);
};
