import { Link } from 'react-router';
import { PROJECT_IDS } from '#shared/content/project-ids.ts';
import { ROUTES } from '#shared/routes.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { type FeatureCard, FeatureCardGrid } from '#web/components/ui/feature-card-grid.tsx';
import { ArrowRightIcon, CpuIcon, LightbulbIcon, UsersIcon, WrenchIcon } from '#web/components/ui/icons.tsx';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';

export const meta = () =>
  pageMeta(
    null,
    `${SITE_NAME}: nine step-by-step robot build tutorials for students and hobbyists, from a self-watering plant to a medical assistant robot.`,
  );

const MISSION: readonly FeatureCard[] = [
  {
    icon: WrenchIcon,
    title: 'Hands-On Learning',
    text: 'Every tutorial ends with a robot on your desk. You wire it, code it, break it and fix it — that is how the ideas stick.',
  },
  {
    icon: LightbulbIcon,
    title: 'Innovation First',
    text: 'Start from a working build, then make it yours: new sensors, smarter code, a better chassis. Curiosity is the curriculum.',
  },
  {
    icon: UsersIcon,
    title: 'Community Driven',
    text: 'Share what you made, see what others built and learn from builders at every level — from first LED to first robot arm.',
  },
];

const PATH = [
  { step: '01', title: 'Pick a build', text: 'Nine robots, from Beginner to Professional.' },
  { step: '02', title: 'Gather the parts', text: 'A clear materials list with quantities.' },
  { step: '03', title: 'Follow the steps', text: 'Wiring, code and testing, one step at a time.' },
] as const;

export default function HomeRoute() {
  return (
    <>
      <section className="bg-blueprint relative overflow-hidden border-b border-border/70">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-40 right-[-10%] size-[36rem] rounded-full bg-[radial-gradient(closest-side,var(--glow),transparent)]"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1.15fr_0.85fr] md:py-24">
          <div>
            <p className="label-mono inline-flex items-center gap-2 rounded-full border border-border bg-surface/70 px-3 py-1.5 text-muted">
              <CpuIcon className="size-3.5 text-accent" aria-hidden="true" />
              {PROJECT_IDS.length} guided builds · Beginner to Professional
            </p>
            <h1 className="mt-6 font-display text-[2.6rem] leading-[1.05] font-bold sm:text-6xl">
              Build real robots.
              <br />
              <span className="text-accent">Learn by doing.</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted">
              {SITE_NAME} turns curiosity into circuits: step-by-step tutorials for students and hobbyists, from a plant
              that waters itself to a robot that sorts your recycling.
            </p>
            <div className="mt-9 flex flex-wrap gap-3">
              <Link to={ROUTES.projects} className={buttonVariants({ size: 'lg' })} prefetch="intent">
                Explore Projects <ArrowRightIcon aria-hidden="true" />
              </Link>
              <Link
                to={ROUTES.about}
                className={buttonVariants({ size: 'lg', variant: 'secondary' })}
                prefetch="intent"
              >
                Get Started
              </Link>
            </div>
          </div>
          <div className="relative mx-auto w-full max-w-sm">
            <div aria-hidden="true" className="absolute inset-x-6 bottom-2 h-8 rounded-[50%] bg-accent/15 blur-xl" />
            {/* An image, not inline SVG: the page's JavaScript stays within its budget (public/robot-hero.svg). */}
            <img
              src="/robot-hero.svg"
              alt=""
              width={240}
              height={320}
              fetchPriority="high"
              className="relative mx-auto h-72 w-auto sm:h-80"
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="mission-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <p className="label-mono text-accent">Why we build</p>
        <h2 id="mission-heading" className="mt-2 font-display text-3xl font-bold sm:text-4xl">
          Our Mission
        </h2>
        <p className="mt-4 max-w-2xl text-lg text-muted">
          Make robotics something you do, not something you read about — with guides that respect beginners and
          challenge the experienced.
        </p>
        <FeatureCardGrid cards={MISSION} iconStyle="tile" className="mt-10" />
      </section>

      <section aria-labelledby="path-heading" className="border-y border-border/70 bg-surface-2/50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="path-heading" className="font-display text-2xl font-bold sm:text-3xl">
            From parts bin to moving robot
          </h2>
          <ol className="mt-8 grid gap-5 md:grid-cols-3">
            {PATH.map(({ step, title, text }) => (
              <li key={step} className="flex gap-4">
                <span className="grid h-10 w-12 shrink-0 place-items-center rounded-md border border-border bg-surface font-mono text-sm font-bold text-accent">
                  {step}
                </span>
                <div>
                  <h3 className="font-display text-lg font-semibold">{title}</h3>
                  <p className="text-muted">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="tray bg-blueprint relative overflow-hidden px-6 py-12 text-center sm:px-12">
          <h2 id="cta-heading" className="font-display text-3xl font-bold sm:text-4xl">
            Ready to build your first robot?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">
            Pick a project that matches your level, grab a breadboard, and start forging.
          </p>
          <Link to={ROUTES.projects} className={buttonVariants({ size: 'lg', className: 'mt-8' })} prefetch="intent">
            View Our Projects <ArrowRightIcon aria-hidden="true" />
          </Link>
        </div>
      </section>
    </>
  );
}
