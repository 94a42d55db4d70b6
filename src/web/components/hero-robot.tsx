// RoboForge mascot, full body, for the hero. Decorative. Animated only through the classes in
// src/web/styles/robot.css (robot-wave, robot-blink, robot-glow, robot-led); no inline styles (strict CSP).

import { useId } from 'react';

const OUTLINE = 'var(--robot-outline, #0b1220)';
const BODY = 'var(--robot-body, #e2e8f0)';
const SHADE = 'var(--robot-body-shade, #94a3b8)';
const VISOR = 'var(--robot-visor, #0f1a2c)';
const EYE = 'var(--robot-eye, #22d3ee)';
const ACCENT = 'var(--robot-accent, #fb923c)';
const SPARK = 'var(--robot-spark, #fde047)';
const CHEEK = 'var(--robot-cheek, #fb7185)';
const SHADOW = 'var(--robot-shadow, #000)';

const GEAR =
  'M-1.6 -7.2L-1.4 -9.9L1.4 -9.9L1.6 -7.2L4 -6.2L6 -8L8 -6L6.2 -4L7.2 -1.6L9.9 -1.4L9.9 1.4L7.2 1.6L6.2 4L8 6L6 8L4 6.2L1.6 7.2L1.4 9.9L-1.4 9.9L-1.6 7.2L-4 6.2L-6 8L-8 6L-6.2 4L-7.2 1.6L-9.9 1.4L-9.9 -1.4L-7.2 -1.6L-6.2 -4L-8 -6L-6 -8L-4 -6.2Z';

/** An outlined tube (arm, leg, cable): a wide outline stroke under a narrower coloured one. */
function Tube({ d, width, color }: { d: string; width: number; color: string }) {
  return (
    <g fill="none" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} stroke={OUTLINE} strokeWidth={width + 7} />
      <path d={d} stroke={color} strokeWidth={width} />
    </g>
  );
}

export interface HeroRobotProps {
  className?: string;
}

export function HeroRobot({ className }: HeroRobotProps) {
  const glowId = `robot-glow-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 240 320"
      width="240"
      height="320"
      className={className}
      aria-hidden="true"
    >
      <defs>
        <radialGradient id={glowId}>
          <stop offset="0.3" stopColor={ACCENT} stopOpacity="0.9" />
          <stop offset="1" stopColor={ACCENT} stopOpacity="0" />
        </radialGradient>
      </defs>
      <ellipse cx="118" cy="304" rx="100" ry="8" fill={SHADOW} opacity="0.3" />

      {/* power cable from the back to a plug on the floor */}
      <Tube d="M98 224c-34 4-58 20-50 42s8 32-18 32" width={5} color={ACCENT} />
      <g stroke={OUTLINE} strokeWidth="3" strokeLinejoin="round">
        <path d="M14 293h-5M14 303h-5" strokeLinecap="round" />
        <rect x="14" y="290" width="16" height="16" rx="4" fill={SHADE} />
      </g>

      {/* legs and feet */}
      <Tube d="M102 226v52M138 226v52" width={17} color={SHADE} />
      <g fill={BODY} stroke={OUTLINE} strokeWidth="3">
        <circle cx="102" cy="254" r="5" />
        <circle cx="138" cy="254" r="5" />
      </g>
      <g fill={BODY} stroke={OUTLINE} strokeWidth="4" strokeLinejoin="round">
        <path d="M78 298v-6a14 14 0 0 1 14-14h14a12 12 0 0 1 12 12v8z" />
        <path d="M162 298v-6a14 14 0 0 0-14-14h-14a12 12 0 0 0-12 12v8z" />
      </g>

      {/* hanging arm holding a wrench (viewer's right) */}
      <Tube d="M164 168l22 30 2 26" width={15} color={SHADE} />
      <g
        transform="translate(195 272) rotate(-8)"
        fill={SHADE}
        stroke={OUTLINE}
        strokeWidth="3.5"
        strokeLinejoin="round"
      >
        <rect x="-5.5" y="-44" width="11" height="40" rx="5.5" />
        <path d="M-5 17.1A13 13 0 1 1 5 17.1V9H-5Z" />
      </g>
      <circle cx="189" cy="232" r="12" fill={BODY} stroke={OUTLINE} strokeWidth="4" />

      {/* waving arm (viewer's left): upper arm here, the forearm after the head */}
      <Tube d="M76 168 33 150" width={15} color={SHADE} />

      {/* torso with the chest panel */}
      <rect x="106" y="130" width="28" height="18" rx="4" fill={SHADE} stroke={OUTLINE} strokeWidth="4" />
      <rect x="70" y="144" width="100" height="88" rx="24" fill={BODY} stroke={OUTLINE} strokeWidth="4" />
      <rect x="90" y="158" width="60" height="52" rx="13" fill={VISOR} />
      <g transform="translate(120 184) scale(1.65)" stroke={OUTLINE} strokeLinejoin="round">
        <path d={GEAR} fill={ACCENT} strokeWidth="1.6" />
        <circle r="4.4" fill={VISOR} strokeWidth="0" />
        <path d="M.9-3.6L-2.2.6H.1L-.9 3.6L2.2-.6H-.1Z" fill={SPARK} strokeWidth="0" />
      </g>
      <g fill={SHADE} stroke={OUTLINE} strokeWidth="2">
        <circle cx="81" cy="160" r="3.5" />
        <circle cx="159" cy="160" r="3.5" />
        <circle cx="81" cy="218" r="3.5" />
        <circle cx="159" cy="218" r="3.5" />
      </g>
      <circle className="robot-led" cx="104" cy="221" r="3.5" fill={EYE} />
      <circle cx="120" cy="221" r="3.5" fill={SPARK} />
      <circle className="robot-led robot-led-alt" cx="136" cy="221" r="3.5" fill={EYE} />

      {/* antenna */}
      <Tube d="M120 50V26" width={5} color={SHADE} />
      <circle className="robot-glow" cx="120" cy="19" r="20" fill={`url(#${glowId})`} opacity="0.75" />
      <circle cx="120" cy="19" r="8" fill={ACCENT} stroke={OUTLINE} strokeWidth="3.5" />
      <circle cx="117" cy="16" r="2.5" fill="#fff" opacity="0.8" />

      {/* head */}
      <g fill={SHADE} stroke={OUTLINE} strokeWidth="4">
        <rect x="48" y="76" width="20" height="38" rx="8" />
        <rect x="172" y="76" width="20" height="38" rx="8" />
      </g>
      <g fill={EYE}>
        <circle cx="54" cy="95" r="3" />
        <circle cx="186" cy="95" r="3" />
      </g>
      <rect x="60" y="46" width="120" height="90" rx="30" fill={BODY} stroke={OUTLINE} strokeWidth="4" />
      <path
        d="M68 70a25 25 0 0 1 16-16"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        opacity="0.7"
      />
      <rect x="75" y="62" width="90" height="58" rx="23" fill={VISOR} />
      <path d="M84 88q0-14 14-17" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" opacity="0.18" />
      <g className="robot-blink">
        <rect x="96" y="74" width="16" height="26" rx="8" fill={EYE} />
        <rect x="128" y="74" width="16" height="26" rx="8" fill={EYE} />
        <circle cx="101.5" cy="80.5" r="3" fill="#fff" opacity="0.85" />
        <circle cx="133.5" cy="80.5" r="3" fill="#fff" opacity="0.85" />
      </g>
      <g fill={CHEEK} opacity="0.7">
        <ellipse cx="88" cy="104" rx="6" ry="4" />
        <ellipse cx="152" cy="104" rx="6" ry="4" />
      </g>
      <path d="M111 106q9 7 18 0" fill="none" stroke={EYE} strokeWidth="4" strokeLinecap="round" />

      {/* waving forearm: rocks from the elbow, the bottom centre of this group's box */}
      <g className="robot-wave">
        <Tube d="M33 150 31 108" width={15} color={SHADE} />
        <Tube d="M22 82 20 66M31 80V61M40 82l2-16M45 98l6-7" width={8} color={BODY} />
        <rect x="15" y="76" width="32" height="32" rx="12" fill={BODY} stroke={OUTLINE} strokeWidth="4" />
        <circle cx="31" cy="93" r="4" fill={SHADE} stroke={OUTLINE} strokeWidth="2.5" />
      </g>
    </svg>
  );
}
