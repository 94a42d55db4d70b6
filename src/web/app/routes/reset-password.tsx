import { ResetPasswordCard } from '#web/features/auth/components/reset-password-card.tsx';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';

export const meta = () => pageMeta('Choose a new password', `Set a new password for your ${SITE_NAME} account.`);

export default function ResetPasswordRoute() {
  return (
    <section className="bg-blueprint grid min-h-[calc(100dvh-4rem)] place-items-center px-4 py-12">
      <ResetPasswordCard />
    </section>
  );
}
