import { Flame, Rocket, Users } from 'lucide-react';
import { Link } from 'react-router';
import { CREATORS } from '#shared/content/creators.ts';
import { ROUTES } from '#shared/routes.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { type FeatureCard, FeatureCardGrid } from '#web/components/ui/feature-card-grid.tsx';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';

export const meta = () => pageMeta('About Us', `Why ${SITE_NAME} exists, what we value and the people who build it.`);

const VALUES: readonly FeatureCard[] = [
  {
    icon: Flame,
    title: 'Passion',
    text: 'We love the moment a robot moves for the first time, and we write every guide to get you there.',
  },
  {
    icon: Users,
    title: 'Community',
    text: 'Builders help builders. Questions are welcome, mistakes are normal, and every level belongs here.',
  },
  {
    icon: Rocket,
    title: 'Innovation',
    text: 'Tutorials are starting points. Change the sensors, rewrite the code, invent the next version.',
  },
];

export default function AboutRoute() {
  return (
    <>
      <section className="bg-blueprint border-b border-border/70">
        <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="label-mono text-accent">About {SITE_NAME}</p>
          <h1 className="mt-3 font-display text-4xl font-bold sm:text-5xl">Our Vision</h1>
          <p className="mt-6 text-lg leading-relaxed text-muted sm:text-xl">
            We believe anyone with curiosity and a few parts can build a robot. {SITE_NAME} is a workshop on the web:
            real projects that solve real problems — watering plants, sensing air and water, sorting waste — explained
            so that a first-time builder can follow and an experienced maker still learns something.
          </p>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="values-heading" className="font-display text-3xl font-bold">
          What we value
        </h2>
        <FeatureCardGrid cards={VALUES} iconStyle="plain" className="mt-8" />
      </section>

      <section aria-labelledby="creators-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <h2 id="creators-heading" className="font-display text-3xl font-bold">
          Meet the creators
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {CREATORS.map((creator) => (
            <li key={creator.name} className="tray tray-interactive flex flex-col items-center p-6 text-center">
              <span
                aria-hidden="true"
                className="grid size-16 place-items-center rounded-2xl border border-accent/50 bg-accent-soft font-display text-2xl font-bold text-accent"
              >
                {creator.initial}
              </span>
              <h3 className="mt-4 font-display text-lg font-semibold">{creator.name}</h3>
              <p className="label-mono mt-1 text-muted">{creator.role}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="join-heading" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <div className="tray relative overflow-hidden bg-gradient-to-br from-accent-soft to-surface px-6 py-12 sm:px-12">
          <h2 id="join-heading" className="font-display text-3xl font-bold">
            Join the builders
          </h2>
          <p className="mt-3 max-w-2xl text-muted">
            Create a free account, bookmark the builds you want to try and say hello on the community page.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={ROUTES.auth} className={buttonVariants({ size: 'lg' })}>
              Join {SITE_NAME}
            </Link>
            <Link to={ROUTES.people} className={buttonVariants({ size: 'lg', variant: 'secondary' })}>
              Meet the community
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
