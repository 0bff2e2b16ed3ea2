/**
 * The contracts that read the time (a card's expiry, a birth date), made with the browser's clock
 * for the forms; the server checks the same contract again with its own clock.
 */
import { completeDataBodyAt } from '#common/contracts/auth';
import { cardBodyAt } from '#common/contracts/booking';

export const cardBody = cardBodyAt(() => new Date());
export const completeDataBody = completeDataBodyAt(() => new Date());
