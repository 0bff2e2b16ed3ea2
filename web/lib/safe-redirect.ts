/** A `redirect` query value we may follow: a path on this site only. */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (/^\/(signin|signup|two-factors|auth-user-ogin|forgot-password|password-reset)\b/.test(value))
    return undefined;
  return value;
}
