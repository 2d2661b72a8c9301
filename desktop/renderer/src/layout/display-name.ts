import type { Language } from '@psc/core';
import type { SessionUser } from '../api/session-types';

export function displayNameOf(user: Pick<SessionUser, 'fullNameEn' | 'fullNameNp' | 'username'>, language: Language): string {
  if (language === 'ne' && user.fullNameNp) return user.fullNameNp;
  return user.fullNameEn || user.username;
}
