import type { Database } from '../../database.ts';
import { classRecordsRepository } from './classes.ts';
import { classCommunityRepository } from './community.ts';
import { classEventsRepository } from './events.ts';
import { helpRequestsRepository } from './help.ts';
import { learnerSecretsRepository } from './learner-secrets.ts';
import { classLearnersRepository } from './learners.ts';
import { classProgressRepository } from './progress.ts';

/**
 * Class mode's data (product §3 Class, D16) as one repository, `repos.classes`: classes and their
 * teachers, learners and their secrets, progress and the grid, help requests, the community page,
 * and the class events that wake the teachers' pages. Each part lives in its own file; callers
 * see one flat set of methods.
 */
export function classesRepository(database: Database) {
  return {
    ...classRecordsRepository(database),
    ...classCommunityRepository(database),
    ...classLearnersRepository(database),
    ...learnerSecretsRepository(database),
    ...classProgressRepository(database),
    ...helpRequestsRepository(database),
    ...classEventsRepository(database),
  };
}
