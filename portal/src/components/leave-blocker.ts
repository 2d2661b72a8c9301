import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router-dom';

/**
 * spec §8 "An unsaved-data leave warning exists": while `hasUnsavedInput` is true, a move to
 * another page inside the portal is held (the blocker, for the page's own question: proceed or
 * reset), and closing or reloading the tab gets the browser's own question. The antd pages ask
 * through useLeaveWarning, the first screens through PlainLeaveWarning.
 */
export function useLeaveBlocker(hasUnsavedInput: boolean): Blocker {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasUnsavedInput && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!hasUnsavedInput) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers still need returnValue set to show their question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsavedInput]);

  return blocker;
}
