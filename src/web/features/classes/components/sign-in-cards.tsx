import type { LearnerWithSecret } from '#shared/schemas/classes.ts';
import { SITE_NAME } from '#web/lib/site.ts';

const CARDS_PER_PAGE = 8;

/** Eight cards a page: the class, the address to open, the learner's name and secret words. */
export function SignInCards({
  className,
  address,
  learners,
}: {
  className: string;
  address: string;
  learners: readonly LearnerWithSecret[];
}) {
  const pages: LearnerWithSecret[][] = [];
  for (let i = 0; i < learners.length; i += CARDS_PER_PAGE) pages.push(learners.slice(i, i + CARDS_PER_PAGE));
  return (
    <>
      {pages.map((page) => (
        <div className="card-page" key={page[0]?.id}>
          {page.map((learner) => (
            <article className="sign-in-card" key={learner.id}>
              <p style={{ fontSize: '8pt', textTransform: 'uppercase', letterSpacing: '0.08em' }}>
                🤖 {SITE_NAME} · {className}
              </p>
              <p style={{ marginTop: '2.5mm', fontSize: '16pt', fontWeight: 700 }}>{learner.display_name}</p>
              <p style={{ marginTop: '2.5mm' }}>Open</p>
              <p style={{ fontFamily: 'var(--font-mono)', fontWeight: 600, overflowWrap: 'anywhere' }}>{address}</p>
              <p style={{ marginTop: '2mm' }}>tap your name and type your secret words:</p>
              <p className="secret">{learner.secret}</p>
              <p style={{ marginTop: '1.5mm', fontSize: '7.5pt', color: '#45557a' }}>
                Username {learner.username} · keep this card to yourself
              </p>
            </article>
          ))}
        </div>
      ))}
    </>
  );
}
