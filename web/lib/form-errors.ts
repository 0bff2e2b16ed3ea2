import { ApiError, errorText } from './api.ts';
import { notifyError, notifySuccess } from './notify.ts';

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

/** The SPEC's title for a failed save of the back office's forms. */
export const SAVE_FAILED = 'Erro ao salvar informações';

/**
 * A save from a form in a dialog: on success a toast, the form back to its start and the dialog
 * closed; on failure what `showFormError` does.
 */
export function closeOnSave(
  form: { setErrors(errors: Record<string, string | undefined>): void; reset(): void },
  onClose: () => void,
  success: string,
  rename: Record<string, string> = {},
) {
  return {
    onSuccess: () => {
      notifySuccess(success);
      form.reset();
      onClose();
    },
    onError: showFormError(form, SAVE_FAILED, rename),
  };
}
