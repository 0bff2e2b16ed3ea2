import { ApiError, errorText } from './api.ts';
import { notifyError } from './notify.ts';

/**
 * What a form does with a failed save: the server's field messages under their fields (mapped
 * when the form names them differently), and a toast with `title` and the first message.
 */
export function showFormError(
  form: { setErrors(errors: Record<string, string | undefined>): void },
  title: string,
  rename: Record<string, string> = {},
) {
  return (err: unknown) => {
    if (err instanceof ApiError && Object.keys(err.errors).length)
      form.setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [rename[k] ?? k, v[0]])));
    notifyError(title, errorText(err));
  };
}
