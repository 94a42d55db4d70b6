import { useState } from 'react';

const WRAP_KEY = 'code-wrap';

/**
 * Whether long lines of code wrap (kept on this device): on by default on a phone, where a line of
 * the sketch is wider than the screen, off on a computer, where the indentation reads better whole.
 */
export function useCodeWrap(): [boolean, (wrap: boolean) => void] {
  // Prerendered with the steps, which show no code to wrap (decision 023): the choice is read in the browser.
  const [wrap, setWrap] = useState(() => {
    if (typeof window === 'undefined') return false;
    const stored = localStorage.getItem(WRAP_KEY);
    return stored === null ? window.matchMedia('(max-width: 39.999rem)').matches : stored === 'on';
  });
  return [
    wrap,
    (next) => {
      localStorage.setItem(WRAP_KEY, next ? 'on' : 'off');
      setWrap(next);
    },
  ];
}
