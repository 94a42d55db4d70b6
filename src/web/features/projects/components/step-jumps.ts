import { useLocation, useNavigate } from 'react-router';
import { revealOnPage } from './jump-link.tsx';

/**
 * Puts a hash in the URL and brings its target into view, as a click on a JumpLink does; `replace`
 * when the hash is already there (a second press) or when the caller asks (the step navigator's
 * previous and next, which would otherwise fill the history).
 */
export function useJumpTo() {
  const navigate = useNavigate();
  const location = useLocation();
  return (hash: string, { targetId = hash, replace = false, focus = true } = {}) => {
    navigate({ hash }, { preventScrollReset: true, replace: replace || location.hash === `#${hash}` });
    revealOnPage(targetId, { focus });
  };
}
