import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { useSession } from '#web/lib/auth/session.ts';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';

export const meta = () => pageMeta('Log in or sign up', `Log in to ${SITE_NAME} or create a free account.`);

export default function AuthRoute() {
  const { status } = useSession();
  const navigate = useNavigate();
  // An already signed-in visitor has nothing to do here (product §2).
  useEffect(() => {
    if (status === 'signed-in') navigate(ROUTES.home, { replace: true });
  }, [status, navigate]);

  return (
    <section className="bg-blueprint grid min-h-[calc(100dvh-4rem)] place-items-center px-4 py-12">
      <AuthCard />
    </section>
  );
}
