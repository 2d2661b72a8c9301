import { Checkbox } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveDeclaration } from './profile-api';
import type { DeclarableSection } from './profile-types';

type Props = {
  section: DeclarableSection;
  /** What the server holds: the profile is fetched again after each save. */
  isDeclared: boolean;
  isLocked: boolean;
};

/**
 * "I have no training to declare": a candidate with nothing to list says so, and the section
 * counts as complete (a fresh graduate can reach 8 of 8). Shown only while the section is empty;
 * adding a row withdraws the declaration on the server.
 */
export function NoneDeclaration({ section, isDeclared, isLocked }: Props) {
  const { t } = useTranslation();
  // The ticked state while the change is on its way, until the reloaded profile says it.
  const [pending, setPending] = useState<boolean | null>(null);
  const hintId = `declare-none-${section}-hint`;
  useEffect(() => setPending(null), [isDeclared]);

  async function change(declares: boolean) {
    setPending(declares);
    const result = await saveDeclaration(section, declares);
    // A refusal (the lock, rows added elsewhere) is told by the request's toast; the box goes
    // back to what the server holds.
    if (!result.ok) setPending(null);
  }

  return (
    <div className="profile-declaration">
      <Checkbox checked={pending ?? isDeclared} disabled={isLocked || pending !== null} aria-describedby={hintId} onChange={(event) => void change(event.target.checked)}>
        {t(`profileForm.declareNone.${section}`)}
      </Checkbox>
      <p id={hintId} className="muted profile-declaration__hint">
        {t('profileForm.declareNoneHint')}
      </p>
    </div>
  );
}
