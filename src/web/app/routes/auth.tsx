import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { RETURN_PARAM, returnPath } from '#web/lib/auth/return-path.ts';
import { useSession } from '#web/lib/auth/session.ts';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';

export const meta = () => pageMeta('Log in or sign up', `Log in to ${SITE_NAME} or create a free account.`);

export default function AuthRoute() {
  const { status } = useSession();
  const navigate = useNavigate();
  // The page a members-only page sent the visitor here from (`?next=`), or home (product §2).
  const [params] = useSearchParams();
  const destination = returnPath(params.get(RETURN_PARAM)) ?? ROUTES.home;
  // An already signed-in visitor has nothing to do here.
  useEffect(() => {
    if (status === 'signed-in') navigate(destination, { replace: true });
  }, [status, navigate, destination]);

  return (
    <section className="bg-blueprint grid min-h-[calc(100dvh-4rem)] place-items-center px-4 py-12">
      <AuthCard destination={destination} />
    </section>
  );
}
