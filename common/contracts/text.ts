/**
 * Text people type that other people read (decision 0030): a name is one line, a description may
 * have several. A name with CR/LF showed as lines of its own in the mails that carry it, and one
 * with U+202E read backwards; both are refused where they come in, by every contract that takes
 * one (person, legal and card holder names; clinic, room, facility and plan names).
 */
import type { z } from 'zod';

/** Bidi embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI = '\u202A-\u202E\u2066-\u2069';
/** C0 controls (TAB, LF and CR among them), DEL, C1 controls, the line and paragraph separators. */
const NOT_ONE_LINE = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029${BIDI}]`);
/** The same but TAB, LF and CR: what a description may not carry. */
const NOT_TEXT = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI}]`);

export const textMessages = {
  singleLine: 'O nome não pode ter quebras de linha nem caracteres de controle.',
  multiLine: 'O texto não pode ter caracteres de controle nem de inversão de direção.',
} as const;

/** Whether a value fits on one line: no control character, line break or direction override. */
export const isSingleLine = (value: string) => !NOT_ONE_LINE.test(value);
/** Whether a longer text is clean: line breaks and tabs allowed, other controls and overrides not. */
export const isCleanText = (value: string) => !NOT_TEXT.test(value);

/** A name (`z.string()…` with its own trim and lengths) that must stay on one line. */
export const singleLine = (schema: z.ZodString, message: string = textMessages.singleLine) =>
  schema.refine(isSingleLine, message);

/** A description or note: several lines, but no other control and no direction override. */
export const multiLine = (schema: z.ZodString, message: string = textMessages.multiLine) =>
  schema.refine(isCleanText, message);
