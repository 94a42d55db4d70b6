import { Button } from '#web/components/ui/button.tsx';
import { MoonIcon, SunIcon } from '#web/components/ui/icons.tsx';
import { setTheme, useTheme } from './theme-store.ts';

export function ThemeToggle() {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      size="icon-touch"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => setTheme(next)}
      data-theme-toggle
    >
      {theme === 'dark' ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
    </Button>
  );
}
