// RoboForge mascot: a compact bust holding the gear-and-spark mark. Used in the navigation.
// Colours come from CSS custom properties (--robot-outline, --robot-body, --robot-body-shade,
// --robot-visor, --robot-eye, --robot-accent, --robot-spark, --robot-cheek); the fallbacks suit a dark
// navy background, and the dark outline keeps it readable on light "blueprint paper".

const OUTLINE = 'var(--robot-outline, #0b1220)';
const BODY = 'var(--robot-body, #e2e8f0)';
const SHADE = 'var(--robot-body-shade, #94a3b8)';
const VISOR = 'var(--robot-visor, #0f1a2c)';
const EYE = 'var(--robot-eye, #22d3ee)';
const ACCENT = 'var(--robot-accent, #fb923c)';
const SPARK = 'var(--robot-spark, #fde047)';
const CHEEK = 'var(--robot-cheek, #fb7185)';

const GEAR =
  'M-1.6 -7.2L-1.4 -9.9L1.4 -9.9L1.6 -7.2L4 -6.2L6 -8L8 -6L6.2 -4L7.2 -1.6L9.9 -1.4L9.9 1.4L7.2 1.6L6.2 4L8 6L6 8L4 6.2L1.6 7.2L1.4 9.9L-1.4 9.9L-1.6 7.2L-4 6.2L-6 8L-8 6L-6.2 4L-7.2 1.6L-9.9 1.4L-9.9 -1.4L-7.2 -1.6L-6.2 -4L-8 -6L-6 -8L-4 -6.2Z';

interface RobotLogoProps {
  className?: string;
  title?: string;
}

export function RobotLogo({ className, title }: RobotLogoProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      width="40"
      height="40"
      className={className}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : 'true'}
    >
      {title ? <title>{title}</title> : null}
      <g stroke={OUTLINE} strokeWidth="3" strokeLinejoin="round">
        <path d="M32 12V6" />
        <circle cx="32" cy="5" r="3.6" fill={ACCENT} strokeWidth="2.2" />
        <path d="M13 65v-9a9 9 0 0 1 9-9h20a9 9 0 0 1 9 9v9" fill={SHADE} />
        <rect x="7" y="20" width="7.5" height="14" rx="3" fill={SHADE} />
        <rect x="49.5" y="20" width="7.5" height="14" rx="3" fill={SHADE} />
        <rect x="11" y="12" width="42" height="32" rx="12" fill={BODY} />
        <rect x="27.5" y="8.5" width="9" height="4.5" rx="2" fill={SHADE} strokeWidth="2.2" />
      </g>
      <rect x="16" y="17.5" width="32" height="20.5" rx="8.5" fill={VISOR} />
      <g fill={EYE}>
        <rect x="22" y="20.5" width="7" height="10.5" rx="3.5" />
        <rect x="35" y="20.5" width="7" height="10.5" rx="3.5" />
      </g>
      <g fill="#fff" opacity="0.85">
        <circle cx="24.2" cy="23" r="1.3" />
        <circle cx="37.2" cy="23" r="1.3" />
      </g>
      <g fill={CHEEK} opacity="0.7">
        <circle cx="19.8" cy="32.8" r="1.9" />
        <circle cx="44.2" cy="32.8" r="1.9" />
      </g>
      <path d="M29 33.5q3 2.2 6 0" fill="none" stroke={EYE} strokeWidth="1.8" strokeLinecap="round" />
      <g fill={BODY} stroke={OUTLINE} strokeWidth="2.2">
        <rect x="14" y="50" width="10" height="10" rx="4.5" />
        <rect x="40" y="50" width="10" height="10" rx="4.5" />
      </g>
      <g transform="translate(32 54) scale(1.1)" stroke={OUTLINE} strokeLinejoin="round">
        <path d={GEAR} fill={ACCENT} strokeWidth="1.6" />
        <circle r="4.3" fill={VISOR} strokeWidth="0" />
        <path d="M.9-3.6L-2.2.6H.1L-.9 3.6L2.2-.6H-.1Z" fill={SPARK} strokeWidth="0" />
      </g>
    </svg>
  );
}
