/**
 * Runs `onShownAgain` each time a page kept in the host's page cache is shown again. The cache hides pages with
 * React's <Activity>, which removes their effects while hidden and runs them again when shown: the first run is the
 * page's first showing, every later one a return to it (after something changed what the page shows elsewhere).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';

export function useShownAgain(onShownAgain: () => void): void {
  const latest = useRef(onShownAgain);
  useLayoutEffect(() => {
    latest.current = onShownAgain;
  });
  const shownBefore = useRef(false);
  useEffect(() => {
    if (shownBefore.current) latest.current();
    shownBefore.current = true;
  }, []);
}
