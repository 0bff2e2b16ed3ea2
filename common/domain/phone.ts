/**
 * The phone a WhatsApp notice goes to (DESIGN §10, "WhatsApp"): Meta's Cloud API takes the
 * number in international digits, and only a mobile receives WhatsApp. A Brazilian mobile is a
 * two-digit area code (DDD, no digit 0) and nine digits starting with 9.
 */
import { onlyDigits } from '../br/documents.ts';

const MOBILE = /^[1-9]{2}9\d{8}$/;

/**
 * `55` + DDD + the 9-digit mobile, from a profile's phone as typed or kept (`(11) 98765-4321`,
 * `11987654321`, `+55 11 98765-4321`), or undefined when it is not a Brazilian mobile (a
 * landline, a number without its DDD, another country's).
 */
export function brazilianMobile(phone: string): string | undefined {
  const digits = onlyDigits(phone);
  const national = digits.length === 13 && digits.startsWith('55') ? digits.slice(2) : digits;
  return MOBILE.test(national) ? `55${national}` : undefined;
}
