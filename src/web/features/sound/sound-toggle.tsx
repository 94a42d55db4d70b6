import { Button } from '#web/components/ui/button.tsx';
import { Volume2Icon, VolumeXIcon } from '#web/components/ui/icons.tsx';
import { setEnabled, useSoundEnabled } from './sound-store.ts';

/** The way to stop audio that plays on its own (WCAG 1.4.2, product D5). */
export function SoundToggle() {
  const enabled = useSoundEnabled();
  return (
    <Button
      variant="ghost"
      size="icon-touch"
      aria-label="Sound effects and music"
      aria-pressed={enabled}
      title={enabled ? 'Sound on' : 'Sound off'}
      onClick={() => setEnabled(!enabled)}
      data-sound-toggle
    >
      {enabled ? <Volume2Icon aria-hidden="true" /> : <VolumeXIcon aria-hidden="true" />}
    </Button>
  );
}
