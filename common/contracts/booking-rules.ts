/**
 * Booking rules of clinics (defaults) and rooms (null = the clinic's), decision 0023.
 * GET/PUT /api/partner/{partner}/coworking/{clinic}/booking-rules,
 * GET/PUT /api/partner/room/{id}/booking-rules.
 */
import { z } from 'zod';
import { type BookingRules, ruleMessages, ruleProblems } from '#common/domain/booking-rules';
import { formNumber, nullableFormNumber } from './form-number.ts';

/** A number of minutes (or days) as typed: "15" is 15; how null and "" read is the field's own. */
const typed = (message: string) => z.coerce.number({ message }).int(message);
/**
 * A clinic's rule: null or "" is missing (422 with the field's message), not zero — a clinic's
 * cleaning time sent empty was saved as 0.
 */
const minutes = (message: string) => formNumber(typed(message));
/** A room's own rule: null is "the clinic's", "" is missing. */
const ownMinutes = (message: string) => nullableFormNumber(typed(message));

export const bookingRulesSchema = z.object({
  slot_minutes: z.number().int(),
  min_booking_minutes: z.number().int(),
  buffer_minutes: z.number().int(),
  max_days_ahead: z.number().int(),
  min_notice_minutes: z.number().int(),
});

const fields = {
  slot_minutes: minutes(ruleMessages.slot),
  min_booking_minutes: minutes(ruleMessages.minimum),
  buffer_minutes: minutes(ruleMessages.buffer),
  max_days_ahead: minutes(ruleMessages.daysAhead),
  min_notice_minutes: minutes(ruleMessages.notice),
};

/** Every problem of a set of rules as zod issues on its fields. */
const checkRules = (rules: BookingRules, ctx: z.RefinementCtx) => {
  for (const [path, message] of Object.entries(ruleProblems(rules)))
    ctx.addIssue({ code: 'custom', message, path: [path] });
};

/** A clinic's rules: every field. */
export const clinicRulesBody = z.object(fields).superRefine(checkRules);
export type ClinicRulesBody = z.input<typeof clinicRulesBody>;

/**
 * A room's own rules: each field a value or null (the clinic's). The server checks them again
 * joined with the clinic's (a minimum of 90 minutes needs a half-hour grid, wherever the grid is set).
 */
export const roomRulesBody = z.object({
  slot_minutes: ownMinutes(ruleMessages.slot),
  min_booking_minutes: ownMinutes(ruleMessages.minimum),
  buffer_minutes: ownMinutes(ruleMessages.buffer),
  max_days_ahead: ownMinutes(ruleMessages.daysAhead),
  min_notice_minutes: ownMinutes(ruleMessages.notice),
});
export type RoomRulesBody = z.input<typeof roomRulesBody>;

export const clinicRulesResponse = z.object({ data: bookingRulesSchema });
export const roomRulesResponse = z.object({
  data: z.object({
    own: z.object({
      slot_minutes: z.number().int().nullable(),
      min_booking_minutes: z.number().int().nullable(),
      buffer_minutes: z.number().int().nullable(),
      max_days_ahead: z.number().int().nullable(),
      min_notice_minutes: z.number().int().nullable(),
    }),
    clinic: bookingRulesSchema,
    effective: bookingRulesSchema,
  }),
});
export type RoomRules = z.infer<typeof roomRulesResponse>['data'];
