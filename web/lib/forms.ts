/** Forms validate with the same zod schemas as the server and show the server's field errors. */
import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from './api.ts';

/** A @mantine/form `validate` function from a zod schema: the first message of each field. */
export function zodValidate<T>(schema: z.ZodType<unknown, T>) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (key && !errors[key]) errors[key] = issue.message;
    }
    return errors;
  };
}

/** Puts the server's `errors` beside their fields; answers whether there were any. */
export function showServerErrors<T>(form: UseFormReturnType<T>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.errors);
  for (const [field, messages] of entries) {
    if (messages[0]) form.setFieldError(field, messages[0]);
  }
  return entries.length > 0;
}
