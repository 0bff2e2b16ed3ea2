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
}

const operator: Policy = { allow: ['operator'] };
const partner: Policy = { allow: ['partner'] };
const partnerSelf: Policy = { allow: ['partner'], self: 'partner' };
const booker: Policy = { allow: ['customer', 'partner'] };
const open: Policy = { allow: 'public' };
const user: Policy = { allow: 'user' };

export const matrix: Record<string, Policy> = {
  'GET /api/health': open,
  'GET /api/config': open,
  'GET /api/health-advice': open,
  'GET /api/facilities': open,
  'GET /api/photo/:id': open,
  'GET /api/rooms/:id': open,
  'POST /api/customer/room/genericsearch': open,
  'GET /api/customer/room/:id/availability/:date': open,
  'POST /api/customer/room/:id/availability': open,
  'GET /api/calendar/:file': open,
  'POST /api/payments/webhook': { allow: 'public', signed: true },
  // accounts
  'POST /api/customer/register': open,
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
  'POST /api/customer/payment/:id/simulate': booker,
  // partners
  'GET /api/partner/coworkings': partner,
  'GET /api/partner/:partner/coworking': partnerSelf,
  'POST /api/partner/:partner/coworking': partnerSelf,
  'GET /api/partner/:partner/coworking/:clinic': partnerSelf,
  'PUT /api/partner/:partner/coworking/:clinic': partnerSelf,
  'DELETE /api/partner/:partner/coworking/:clinic': partnerSelf,
  'GET /api/partner/:partner/coworking/:clinic/opening-hour': partnerSelf,
  'POST /api/partner/:partner/coworking/:clinic/opening-hour': partnerSelf,
  'GET /api/partner/:partner/coworking/:clinic/booking-rules': partnerSelf,
  'PUT /api/partner/:partner/coworking/:clinic/booking-rules': partnerSelf,
  'GET /api/partner/room/:id/booking-rules': partner,
  'PUT /api/partner/room/:id/booking-rules': partner,
  'GET /api/partner/:partner/coworking/:clinic/room': partnerSelf,
  'POST /api/partner/:partner/coworking/:clinic/room': partnerSelf,
  'PUT /api/partner/:partner/coworking/:clinic/room/:room': partnerSelf,
  'DELETE /api/partner/:partner/coworking/:clinic/room/:room': partnerSelf,
  'GET /api/partner/rooms': partner,
  'GET /api/partner/roomsbycoworking/:id': partner,
  'GET /api/partner/room/:id': partner,
  'POST /api/partner/operatinghour/:id': partner,
  'POST /api/partner/room/:roomId/facility/:facilityId': partner,
  'DELETE /api/partner/room/:roomId/facility/:facilityId': partner,
  'POST /api/partner/bulkblocking': partner,
  'GET /api/partner/blockedschedule/room/:id': partner,
  'DELETE /api/partner/deleteblockedschedule/:id': partner,
  'PUT /api/partner/basicdata/:partner': partnerSelf,
  'GET /api/partner/:partner/data': partnerSelf,
  'PUT /api/partner/:partner/data': partnerSelf,
  'GET /api/partner/:partner/bank-account': partnerSelf,
  'PUT /api/partner/:partner/bank-account': partnerSelf,
  'GET /api/partner/:partner/pix-key': partnerSelf,
  'PUT /api/partner/:partner/pix-key': partnerSelf,
  'GET /api/partner/appointments/:dateInit/:dateEnd/:clinic': partner,
  'GET /api/partner/appointment/:id/room/:roomId': partner,
  'POST /api/partner/appointment/:id/status/update': partner,
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
