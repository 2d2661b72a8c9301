import { apiClient } from '../api/client';
import { trackRequest, useRequestState } from '../api/request-state';
import type { ApiResult } from '../api/request';
import { loadInit } from '../stores/load-init';
import type { AddressKindName } from './profile-options';
import type { DeclarableSection, Deleted, DocumentKind, ListPath, Profile, Saved } from './profile-types';

// The profile's calls (api/src/profile/routes.ts), each tracked in the request-state store
// (spec §3/§4). Saves answer the saved item and the new completeness; the page then asks for the
// whole profile again, so every tab and the "x of 8" show what the server holds.

export const PROFILE_CALLS = {
  profile: 'psc.profile',
  save: 'psc.profile.save',
  remove: 'psc.profile.delete',
} as const;

export function fetchProfile() {
  return trackRequest(PROFILE_CALLS.profile, () => apiClient.request<Profile>('/psc/profile'));
}

export function useProfileState() {
  return useRequestState<Profile>(PROFILE_CALLS.profile);
}

/** A save, then the whole profile again when it went through. */
async function saveThenReload<T>(run: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const result = await trackRequest(PROFILE_CALLS.save, run);
  // A refusal because of a lock (423 PROFILE_LOCKED) also reloads: the lock banner then shows.
  if (result.ok || result.code === 'PROFILE_LOCKED') void fetchProfile();
  return result;
}

export async function savePersonal(body: Record<string, unknown>) {
  const result = await saveThenReload(() => apiClient.request<Saved<unknown>>('/psc/profile/personal', { method: 'PUT', body }));
  // The header and home greet by the Nepali name, which this section sets.
  if (result.ok) void loadInit();
  return result;
}

export function saveAddress(kind: AddressKindName | 'abroad', body: Record<string, unknown>) {
  return saveThenReload(() => apiClient.request<Saved<unknown>>(`/psc/profile/address/${kind}`, { method: 'PUT', body }));
}

export function saveExtra(body: Record<string, unknown>) {
  return saveThenReload(() => apiClient.request<Saved<unknown>>('/psc/profile/extra', { method: 'PUT', body }));
}

/** Declares a list section empty (true) or withdraws it (false); refused while it has rows. */
export function saveDeclaration(section: DeclarableSection, declares: boolean) {
  return saveThenReload(() =>
    apiClient.request<Saved<Record<DeclarableSection, boolean>>>('/psc/profile/declarations', { method: 'PUT', body: { [section]: declares } }),
  );
}

/**
 * The multipart body of a list section: its fields as text, then its files (spec §7 "Multipart
 * forms ... Arrays are flattened with index notation"; these sections have no arrays).
 */
export function toFormData(fields: Record<string, unknown>, files: Record<string, Blob | undefined> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item, index) => form.append(`${name}[${index}]`, String(item)));
    else form.append(name, String(value));
  }
  for (const [name, file] of Object.entries(files)) {
    if (!file) continue;
    form.append(name, file, file instanceof File ? file.name : name);
  }
  return form;
}

export function saveRow(path: ListPath, id: number | null, body: FormData) {
  return saveThenReload(() =>
    apiClient.request<Saved<unknown>>(id === null ? `/psc/profile/${path}` : `/psc/profile/${path}/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      body,
    }),
  );
}

export async function deleteRow(path: ListPath, id: number) {
  const result = await trackRequest(PROFILE_CALLS.remove, () => apiClient.request<Deleted>(`/psc/profile/${path}/${id}`, { method: 'DELETE' }));
  if (result.ok || result.code === 'PROFILE_LOCKED') void fetchProfile();
  return result;
}

export function uploadDocument(kind: DocumentKind, file: Blob, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  return saveThenReload(() => apiClient.request<Saved<unknown>>(`/psc/profile/documents/${kind}`, { method: 'PUT', body: form }));
}

export { fetchFile } from '../api/fetch-file';
