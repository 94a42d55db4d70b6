import { HttpError } from '../../../http-error.ts';

/** Another teacher's class, or none: the same answer, so a class's existence is not told to outsiders. */
export const classNotFound = () => new HttpError(404, 'class_not_found', 'No class of yours has this id');
export const learnerNotFound = () => new HttpError(404, 'learner_not_found', 'No learner of this class has this id');
/** The class's learners asked for its community page while their teacher has not opened it. */
export const communityOff = () =>
  new HttpError(404, 'class_community_off', 'Your teacher has not opened your class’s page yet.');
export const classArchived = () =>
  new HttpError(403, 'class_archived', 'This class has ended: its learners can no longer sign in. Ask your teacher.');
