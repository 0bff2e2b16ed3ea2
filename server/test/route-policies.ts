/**
 * Who may call each API route (the authorization matrix and the hostile-input suite read it).
 * A route missing here fails server/test/authorization.test.ts.
 */
export type Who = 'visitor' | 'customer' | 'partner' | 'operator';
export interface Policy {
  /** Who may call it; `public` = everyone, `user` = anyone signed in. */
  allow: 'public' | 'user' | Exclude<Who, 'visitor'>[];
  /** The path parameter that names the caller's own user uuid. */
  self?: string;
  /** Answers 401 to everyone without its own credential (the payment webhook's signature). */
  signed?: true;
  /** For a partner route: what it names of the partner's own (another partner's answers 404). */
  scope?: Scope;
}

/** What a partner route may name of the partner's own (DESIGN §10: another partner's → 404). */
export type Owned = 'clinic' | 'room' | 'block' | 'appointment' | 'review';
/** One partner's things, as the scope tests name them. */
export interface Refs {
  clinic: string;
  room: string;
  block: string;
  appointment: string;
  /** A review of one of its rooms. */
  review: string;
  /** The appointment's start (the status update names it). */
  appointmentAt: string;
  /** A facility of the catalogue (anyone's). */
  facility: string;
}
export interface Scope {
  /** What each path parameter names (every one but `self` and the dates). */
  path?: Record<string, Owned | 'facility'>;
  /** A query naming the partner's things (valid otherwise). */
  query?: (r: Refs) => Record<string, string>;
  /** A valid body naming the partner's things. */
  body?: (r: Refs) => object;
  /** What the query or body names. */
  names?: Owned[];
}

const operator: Policy = { allow: ['operator'] };
/** A partner's route naming its things: `path` maps parameters, the rest says what query and body name. */
const own = (base: Policy, path: Scope['path'], rest: Omit<Scope, 'path'> = {}): Policy => ({
  ...base,
  scope: { path, ...rest },
});
const week = { hours: [{ weekday: 1, opens_at: '08:00', closes_at: '12:00' }] };
const roomBody = { name: 'Sala Invasora', price_per_minute: '1' };
const clinicRules = {
  slot_minutes: 60,
  min_booking_minutes: 60,
  buffer_minutes: 0,
  max_days_ahead: 365,
  min_notice_minutes: 0,
};
const roomRules = {
  slot_minutes: null,
  min_booking_minutes: null,
  buffer_minutes: null,
  max_days_ahead: null,
  min_notice_minutes: null,
};
const partner: Policy = { allow: ['partner'] };
const partnerSelf: Policy = { allow: ['partner'], self: 'partner' };
/** A partner's own, which the operator may also read. */
const partnerSelfOrOperator: Policy = { allow: ['partner', 'operator'], self: 'partner' };
const customer: Policy = { allow: ['customer'] };
const booker: Policy = { allow: ['customer', 'partner'] };
const open: Policy = { allow: 'public' };
const user: Policy = { allow: 'user' };

export const matrix: Record<string, Policy> = {
  'GET /api/health': open,
  'GET /api/health/ready': open,
  'GET /api/config': open,
  'GET /api/health-advice': open,
  'GET /api/facilities': open,
  'GET /api/photo/:id': open,
  'GET /api/photo/:id/share.jpg': open,
  'GET /api/cities': open,
  'GET /api/cities/:slug': open,
  'GET /api/rooms/:id': open,
  'GET /api/rooms/suggestions': open,
  'GET /api/geocode': open,
  'POST /api/customer/room/genericsearch': open,
  'GET /api/customer/room/:id/availability/:date': open,
  'POST /api/customer/room/:id/availability': open,
  'GET /api/calendar/:file': open,
  'POST /api/payments/webhook': { allow: 'public', signed: true },
  // Meta's: the verify token and the body's signature (features/whatsapp/webhook.test.ts); here
  // WhatsApp is off and both answer 404 to everyone.
  'GET /api/whatsapp/webhook': open,
  'POST /api/whatsapp/webhook': open,
  // accounts
  'POST /api/customer/register': open,
  'POST /api/partner/signup': open,
  'POST /api/loginTwoFactor': open,
  'POST /api/authenticateToken': open,
  'POST /api/user/verify-email': open,
  'POST /api/user/resend/verification-code': open,
  'GET /api/force/verification/:email': open,
  'POST /api/forgot-password': open,
  'POST /api/reset-password': open,
  'GET /api/user': user,
  'POST /api/user/password': user,
  'GET /api/user/export': user,
  'POST /api/user/delete': user,
  'GET /api/user/notifications': user,
  'PUT /api/user/notifications': user,
  'GET /api/logout': user,
  'POST /api/address': user,
  'PUT /api/address/:id': user,
  'GET /api/address/:id/search': user,
  'POST /api/contact': user,
  'PUT /api/contact/:id': user,
  'DELETE /api/contact/:id': user,
  'POST /api/photo/bulk': user,
  'POST /api/photo': user,
  'POST /api/photos/:type/:id': user,
  'DELETE /api/photo/:type/:id': user,
  'PUT /api/photo/:id/cover': user,
  // specialists
  'GET /api/customer/profile': { allow: ['customer'] },
  'POST /api/customer/completeData': { allow: ['customer'] },
  'GET /api/customer/card/:id': { allow: ['customer', 'partner'], self: 'id' },
  'POST /api/customer/:id/card': { allow: ['customer', 'partner'], self: 'id' },
  'POST /api/customer/:id/card/:cardId': { allow: ['customer', 'partner'], self: 'id' },
  'DELETE /api/customer/:id/card': booker,
  'POST /api/customer/appointment/bulk': booker,
  'POST /api/customer/appointments': booker,
  'POST /api/customer/appointment/:id/cancel': booker,
  'GET /api/customer/payment/:id': booker,
  'GET /api/customer/bookings': booker,
  'GET /api/customer/booking/:uuid': booker,
  'POST /api/customer/booking/:uuid/cancel': booker,
  'POST /api/customer/payment/:id/simulate': booker,
  // partners
  'GET /api/partner/coworkings': partner,
  'GET /api/partner/:partner/coworking': partnerSelf,
  'POST /api/partner/:partner/coworking': partnerSelf,
  'GET /api/partner/:partner/coworking/:clinic': own(partnerSelf, { clinic: 'clinic' }),
  'PUT /api/partner/:partner/coworking/:clinic': own(
    partnerSelf,
    { clinic: 'clinic' },
    { body: () => ({ name: 'Invasora', description: '' }) },
  ),
  'DELETE /api/partner/:partner/coworking/:clinic': own(partnerSelf, { clinic: 'clinic' }),
  'GET /api/partner/:partner/coworking/:clinic/opening-hour': own(partnerSelf, { clinic: 'clinic' }),
  'POST /api/partner/:partner/coworking/:clinic/opening-hour': own(
    partnerSelf,
    { clinic: 'clinic' },
    { body: () => week },
  ),
  'GET /api/partner/:partner/coworking/:clinic/booking-rules': own(partnerSelf, { clinic: 'clinic' }),
  'PUT /api/partner/:partner/coworking/:clinic/booking-rules': own(
    partnerSelf,
    { clinic: 'clinic' },
    { body: () => clinicRules },
  ),
  'GET /api/partner/room/:id/booking-rules': own(partner, { id: 'room' }),
  'PUT /api/partner/room/:id/booking-rules': own(partner, { id: 'room' }, { body: () => roomRules }),
  'POST /api/customer/series/preview': booker,
  'POST /api/customer/series': booker,
  'GET /api/customer/series': booker,
  'POST /api/customer/series/:uuid/skip': booker,
  'POST /api/customer/series/:uuid/cancel': booker,
  'POST /api/customer/waitlist': customer,
  'GET /api/customer/waitlist': customer,
  'DELETE /api/customer/waitlist/:uuid': customer,
  'POST /api/customer/waitlist/:uuid/claim': customer,
  'GET /api/rooms/:id/reviews': open,
  'POST /api/customer/booking/:uuid/review': booker,
  'GET /api/customer/reviews/pending': booker,
  'GET /api/partner/reviews': partner,
  'POST /api/partner/review/:uuid/reply': own(
    partner,
    { uuid: 'review' },
    { body: () => ({ text: 'Obrigada!' }) },
  ),
  'GET /api/fusion/reviews': operator,
  'POST /api/fusion/review/:uuid/hide': operator,
  'GET /api/partner/:partner/coworking/:clinic/room': own(partnerSelf, { clinic: 'clinic' }),
  'POST /api/partner/:partner/coworking/:clinic/room': own(
    partnerSelf,
    { clinic: 'clinic' },
    { body: () => roomBody },
  ),
  'PUT /api/partner/:partner/coworking/:clinic/room/:room': own(
    partnerSelf,
    { clinic: 'clinic', room: 'room' },
    { body: () => roomBody },
  ),
  'DELETE /api/partner/:partner/coworking/:clinic/room/:room': own(partnerSelf, {
    clinic: 'clinic',
    room: 'room',
  }),
  'GET /api/partner/rooms': partner,
  'GET /api/partner/roomsbycoworking/:id': own(partner, { id: 'clinic' }),
  'GET /api/partner/room/:id': own(partner, { id: 'room' }),
  'POST /api/partner/room/:id/publish': own(partner, { id: 'room' }),
  'POST /api/partner/room/:id/unpublish': own(partner, { id: 'room' }),
  'POST /api/partner/operatinghour/:id': own(partner, { id: 'room' }, { body: () => week }),
  'POST /api/partner/room/:roomId/facility/:facilityId': own(partner, {
    roomId: 'room',
    facilityId: 'facility',
  }),
  'DELETE /api/partner/room/:roomId/facility/:facilityId': own(partner, {
    roomId: 'room',
    facilityId: 'facility',
  }),
  'POST /api/partner/bulkblocking': own(
    partner,
    {},
    {
      names: ['room'],
      body: (r) => ({
        room_uuid: [r.room],
        starts_at: '2030-01-08T13:00:00-03:00',
        ends_at: '2030-01-08T14:00:00-03:00',
      }),
    },
  ),
  'GET /api/partner/blockedschedule/room/:id': own(partner, { id: 'room' }),
  'DELETE /api/partner/deleteblockedschedule/:id': own(partner, { id: 'block' }),
  'PUT /api/partner/basicdata/:partner': partnerSelf,
  'GET /api/partner/:partner/data': partnerSelf,
  'PUT /api/partner/:partner/data': partnerSelf,
  'GET /api/partner/:partner/bank-account': partnerSelf,
  'PUT /api/partner/:partner/bank-account': partnerSelf,
  'GET /api/partner/:partner/pix-key': partnerSelf,
  'PUT /api/partner/:partner/pix-key': partnerSelf,
  'GET /api/partner/appointments/:dateInit/:dateEnd/:clinic': own(
    partner,
    { clinic: 'clinic' },
    { names: ['room'], query: (r) => ({ room: r.room }) },
  ),
  'GET /api/partner/appointment/:id/room/:roomId': own(partner, { id: 'clinic', roomId: 'room' }),
  'POST /api/partner/appointment/:id/status/update': own(
    partner,
    { id: 'appointment' },
    { body: (r) => ({ date_time: r.appointmentAt, status: 'canceled' }) },
  ),
  'GET /api/partner/calendar': own(
    partner,
    {},
    {
      names: ['clinic', 'room'],
      query: (r) => ({ dateInit: '2030-01-01', dateEnd: '2030-01-31', clinic: r.clinic, room: r.room }),
    },
  ),
  'GET /api/partner/room/:roomId/availability/:date': own(partner, { roomId: 'room' }),
  'POST /api/partner/room/:roomId/manual-booking': own(
    partner,
    { roomId: 'room' },
    { body: () => ({ date_times: ['2030-01-09T10:00:00-03:00'], customer_name: 'Pessoa de Fora' }) },
  ),
  'GET /api/partner/:partner/ical': partnerSelf,
  'POST /api/partner/:partner/ical': partnerSelf,
  'DELETE /api/partner/:partner/ical': partnerSelf,
  ...Object.fromEntries(
    ['coworkingcount', 'frequentschedules', 'salesturnover', 'specialists', 'availableRooms'].flatMap((d) => [
      [`GET /api/partner/dashboard/${d}`, partner],
      [`GET /api/fusion/dashboard/${d}`, operator],
    ]),
  ),
  // operator
  'GET /api/fusion/mail-outbox': operator,
  'GET /api/fusion/payments/attention': operator,
  'GET /api/fusion/payouts/balances': operator,
  'GET /api/fusion/bookings': operator,
  'GET /api/fusion/booking/:uuid': operator,
  'POST /api/fusion/booking/:uuid/cancel': operator,
  'GET /api/fusion/user/:id/activity': operator,
  'POST /api/fusion/user/:id/invite': operator,
  'GET /api/partner/:partner/mercadopago': partnerSelfOrOperator,
  'POST /api/partner/:partner/mercadopago/connect': partnerSelf,
  'DELETE /api/partner/:partner/mercadopago': partnerSelf,
  'GET /api/mercadopago/oauth/callback': open,
  'GET /api/sandbox/oauth/authorize': open,
  'GET /api/partner/:partner/statement': partnerSelfOrOperator,
  'GET /api/partner/:partner/statement.xlsx': partnerSelfOrOperator,
  'GET /api/partner/:partner/payouts': partnerSelfOrOperator,
  'GET /api/fusion/payouts': operator,
  'POST /api/fusion/payouts': operator,
  'POST /api/fusion/payouts/:id/paid': operator,
  'POST /api/fusion/payouts/:id/cancel': operator,
  'POST /api/fusion/exportPayouts': operator,
  'POST /api/fusion/mail-outbox/:id/retry': operator,
  'GET /api/fusion/customer/sorted': operator,
  'GET /api/fusion/customer/search': operator,
  'POST /api/fusion/customer/search': operator,
  'GET /api/fusion/users/:role': operator,
  'GET /api/fusion/allusers/:x': operator,
  'GET /api/fusion/user/:id': operator,
  'POST /api/fusion/customer/store': operator,
  'POST /api/fusion/user': operator,
  'POST /api/fusion/setActiveStatus': operator,
  'GET /api/fusion/partner/:id/future-appointments': operator,
  // clinics that sign themselves up (docs/decisions/0039)
  'GET /api/partner/:partner/approval': partnerSelf,
  'POST /api/partner/:partner/approval/review': partnerSelf,
  'POST /api/fusion/partner/:id/approve': operator,
  'POST /api/fusion/partner/:id/reject': operator,
  'PUT /api/fusion/basicdata/:id': operator,
  'GET /api/fusion/rooms': operator,
  'POST /api/fusion/room/setFixed': operator,
  'POST /api/fusion/appointments': operator,
  'POST /api/fusion/appointment/:id': operator,
  'POST /api/fusion/exportAppointments': operator,
  'POST /api/fusion/exportFinance': operator,
  'GET /api/fusion/facility': operator,
  'GET /api/fusion/facilitywithoutpaginate': operator,
  'GET /api/fusion/facility/:id': operator,
  'POST /api/fusion/facility': operator,
  'PUT /api/fusion/facility/:id': operator,
  'DELETE /api/fusion/facility/:id': operator,
  'GET /api/fusion/plan': operator,
  'POST /api/fusion/plan': operator,
  'PUT /api/fusion/plan/:id': operator,
};
