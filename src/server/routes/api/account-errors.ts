import { HttpError } from '../../http-error.ts';

/** Errors the account, administration and recovery routes share (product §8). */

/** Sign-in, refresh and password reset of a suspended account (product §6). */
export const accountSuspended = () =>
  new HttpError(403, 'user_suspended', 'This account is suspended. Ask your club’s RoboForge administrator.');

export const memberNotFound = () => new HttpError(404, 'member_not_found', 'No member has this id');

/** An administrator may not demote, suspend or delete themselves (another administrator may). */
export const notOnYourself = () =>
  new HttpError(409, 'own_account', 'Administrators cannot demote, suspend or delete their own account here');

/** The password that confirms a change of one's own account is wrong. */
export const wrongPassword = () => new HttpError(400, 'invalid_credentials', 'The password is not correct');

/** A learner's account belongs to its class: its teacher manages it, not the administration's member pages. */
export const learnerAccount = () =>
  new HttpError(409, 'learner_account', 'This is a learner’s account: manage it on its class’s page');
