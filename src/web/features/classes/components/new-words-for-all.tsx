import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { ClassDetail, LearnerWithSecret } from '#shared/schemas/classes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { useResetAllSecrets } from '../api/classes.ts';

/**
 * "New words for all" (issue 36): secret words are shown once, so a teacher who lost the page (a
 * reload) prints the whole class's cards again by giving everyone new words. It replaces every
 * learner's words, so it asks first and says what stops working.
 */
export function NewWordsForAll({
  klass,
  onMade,
}: {
  klass: ClassDetail;
  /** Every learner's new words, for the cards. */
  onMade: (learners: LearnerWithSecret[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const resetAll = useResetAllSecrets(klass.id);
  const count = klass.learners.length;
  const everyone = count === 1 ? 'your 1 learner' : `all ${count} learners`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary">
          <KeyRound aria-hidden="true" />
          New words for all
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`New secret words for ${everyone}?`}
        description="Use this to print everyone’s cards again. Each learner gets new words at once: the cards you printed before stop working, and anyone signed in now is signed out."
      >
        <div className="flex flex-wrap gap-2">
          <Button
            variant="danger"
            disabled={resetAll.isPending}
            onClick={async () => {
              const made = await resetAll.mutateAsync().catch(() => null);
              if (!made) return;
              setOpen(false);
              onMade(made.learners);
            }}
          >
            <KeyRound aria-hidden="true" />
            {resetAll.isPending ? 'Making new words...' : 'Replace everyone’s words'}
          </Button>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Keep the old words
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
