import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { useLeaveWarning } from '../components';

// spec §8 "An unsaved-data leave warning exists". A tab may hold several forms (two addresses,
// a list and its row form), and the router allows one leave blocker at a time: each form reports
// whether it holds unsaved input, and the profile page keeps the one warning for all of them.

type Report = (formId: string, isDirty: boolean) => void;

const UnsavedContext = createContext<Report>(() => undefined);

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<readonly string[]>([]);
  const report = useCallback<Report>((formId, isDirty) => {
    setDirtyForms((current) => {
      const has = current.includes(formId);
      if (isDirty === has) return current;
      return isDirty ? [...current, formId] : current.filter((id) => id !== formId);
    });
  }, []);
  const holder = useLeaveWarning(dirtyForms.length > 0);
  return (
    <UnsavedContext.Provider value={report}>
      {children}
      {holder}
    </UnsavedContext.Provider>
  );
}

/** Tells the page whether this form holds unsaved input; a form that goes away holds none. */
export function useReportUnsaved(isDirty: boolean): void {
  const report = useContext(UnsavedContext);
  const formId = useId();
  useEffect(() => {
    report(formId, isDirty);
  }, [report, formId, isDirty]);
  useEffect(() => () => report(formId, false), [report, formId]);
}
