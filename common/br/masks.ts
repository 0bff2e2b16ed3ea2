/**
 * Input masks for Brazilian formats, as pure functions: each takes whatever was typed or pasted
 * and answers the formatted text so far ("1131" -> "(11) 31"), so a field can reformat on every
 * keystroke. Only digits count; extra digits are dropped.
 */
import { onlyDigits } from './documents.ts';

/** Places `digits` into `pattern`, where '9' is a digit slot; stops after the last digit. */
function fill(pattern: string, digits: string): string {
  let out = '';
  let i = 0;
  for (const ch of pattern) {
    if (i >= digits.length) break;
    if (ch === '9') out += digits[i++];
    else out += ch;
  }
  return out;
}

/** (11) 98765-4321 for mobiles, (11) 3456-7890 for landlines (10 digits). */
export function maskPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  return fill(d.length <= 10 ? '(99) 9999-9999' : '(99) 99999-9999', d);
}

/**
 * A stored or typed phone as Brazilians read it, the one formatter for every page and mail that
 * shows one: "(11) 98765-4321" (mobile), "(11) 3285-1234" (landline), "0800 123 4567"; a "+55"
 * or "55" country code in front and a trunk "0" before the area code are dropped; 8 or 9 digits
 * without area code become "3285-1234" / "98765-4321". Anything else (a foreign number, a typo)
 * comes back as it was, trimmed, rather than formatted wrong.
 */
export function formatPhone(value: string): string {
  const text = value.trim();
  let d = onlyDigits(text);
  if (/^0[3589]00\d{7}$/.test(d)) return `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`;
  if (/^55[1-9]\d{9,10}$/.test(d) && (text.startsWith('+') || d.length >= 12)) d = d.slice(2);
  else if (/^0[1-9]{2}\d{8,9}$/.test(d)) d = d.slice(1);
  if (/^[1-9]{2}9\d{8}$/.test(d)) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (/^[1-9]{2}[2-9]\d{7}$/.test(d)) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  if (/^9\d{8}$/.test(d)) return `${d.slice(0, 5)}-${d.slice(5)}`;
  if (/^[2-9]\d{7}$/.test(d)) return `${d.slice(0, 4)}-${d.slice(4)}`;
  return text;
}

/** 01310-100 */
export const maskCep = (value: string): string => fill('99999-999', onlyDigits(value).slice(0, 8));

/** 000.000.000-00 */
export const maskCpf = (value: string): string => fill('999.999.999-99', onlyDigits(value).slice(0, 11));

/** 00.000.000/0000-00 */
export const maskCnpj = (value: string): string => fill('99.999.999/9999-99', onlyDigits(value).slice(0, 14));

/** CPF while 11 digits or fewer, CNPJ from the 12th on (a field that accepts either). */
export const maskCpfOrCnpj = (value: string): string =>
  onlyDigits(value).length <= 11 ? maskCpf(value) : maskCnpj(value);

/** dd/mm/aaaa: "15031990" -> "15/03/1990". */
export const maskDate = (value: string): string => fill('99/99/9999', onlyDigits(value).slice(0, 8));

/** HH:mm while typing: "0730" -> "07:30". */
export const maskTime = (value: string): string => fill('99:99', onlyDigits(value).slice(0, 4));

/**
 * A typed time completed to HH:mm, or null when it is no time of day: "7" -> "07:00",
 * "730" -> "07:30", "07:3" -> "07:30", "1930" -> "19:30", "25:00" -> null.
 */
export function completeTime(value: string): string | null {
  const text = value.trim();
  let h: string;
  let m: string;
  const parts = text.match(/^(\d{1,2}):(\d{0,2})$/);
  if (parts) {
    h = parts[1]!;
    m = parts[2]!.padEnd(2, '0');
  } else {
    const d = onlyDigits(text);
    if (d.length === 0 || d.length > 4 || d.length !== text.length) return null;
    if (d.length <= 2) [h, m] = [d, '00'];
    else [h, m] = [d.slice(0, d.length - 2), d.slice(-2)];
  }
  const hh = Number(h);
  const mm = Number(m);
  if (hh > 23 || mm > 59) return null;
  return `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}

/** The day's times every `step` minutes, and 23:59 to close at the end of the day. */
export function timeSteps(step = 30): string[] {
  const out: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += step)
    out.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  out.push('23:59');
  return out;
}
