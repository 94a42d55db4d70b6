import { useAccount } from '#web/features/account/api/account.ts';
import { AskForHelp } from '#web/features/learner-help/components/ask-for-help.tsx';
import { useProgress } from '#web/features/projects/api/progress.ts';

/**
 * The tutorial page's "Ask for help" for a learner (product D16), with the first step they have not
 * done. Loaded only when the session says learner; the role is then read from the database.
 */
export default function LearnerHelp({ userId, projectId }: { userId: string; projectId: number }) {
  const isLearner = useAccount(userId).data?.role === 'learner';
  const progress = useProgress(userId);
  if (!isLearner) return null;
  const done = new Set(progress.data?.steps.filter((tick) => tick.project_id === projectId).map((tick) => tick.index));
  let firstOpenStep = 0;
  while (done.has(firstOpenStep)) firstOpenStep++;
  return <AskForHelp userId={userId} projectId={projectId} firstOpenStep={firstOpenStep} />;
}
