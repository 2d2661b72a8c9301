import { api, tokenStore } from '../api/api';
import { currentLanguage } from '../i18n/i18n';
import type { ApiResult, RequestOptions } from '../api/api-client';
import { useSyncStore } from '../stores/sync-store';

// The staff administration API (users, roles, modules, user management, master data, audit), typed
// as the contract describes it. Every call that gets no answer marks the workstation offline.

export async function callApi<T>(path: string, options?: RequestOptions): Promise<ApiResult<T>> {
  const result = await api.request<T>(path, options);
  if (!result.ok && (result.code === 'UNREACHABLE' || result.code === 'NO_CONNECTION' || result.code === 'TIMEOUT')) {
    useSyncStore.getState().markOffline();
  }
  return result;
}

/**
 * A multipart upload (the shared client sends JSON only): the request carries the same bearer
 * token; a refused token is renewed by one ordinary call through the client (its silent
 * refresh) and the upload is tried once more. `buildForm` runs per attempt, as a sent body is spent.
 */
export async function uploadForm<T>(path: string, buildForm: () => FormData): Promise<ApiResult<T>> {
  const send = async (): Promise<Response | null> => {
    const token = tokenStore.read()?.accessToken;
    return fetch(path, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: buildForm(),
    }).catch(() => null);
  };
  let response = await send();
  if (response?.status === 401 || response?.status === 403) {
    await api.request('/api/oauth/privileges/get/init');
    response = await send();
  }
  if (!response) return { ok: false, httpStatus: 0, code: 'UNREACHABLE', message: '' };
  const body = (await response.json().catch(() => null)) as
    | { status: 1; message: string; data: T }
    | { status: 0; message: string; code: string; errors?: Record<string, string[]> }
    | null;
  if (body?.status === 1) return { ok: true, message: body.message, data: body.data };
  return { ok: false, httpStatus: response.status, code: body?.code ?? 'UNREACHABLE', message: body?.message ?? '', ...(body?.errors ? { errors: body.errors } : {}) };
}

export type Paged<T> = { items: T[]; total: number };

export type ModuleRow = { code: string; nameEn: string; nameNp: string; id?: number };

export type PermissionRow = {
  moduleCode: string;
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  approve: boolean;
  reject: boolean;
};

export type RoleRow = {
  id: number;
  name: string;
  description?: string | null;
  type?: string;
  userCount?: number;
  permissions?: PermissionRow[];
};

export type StaffUserRow = {
  id: number;
  masterId?: number;
  kind?: string;
  username: string;
  email: string;
  mobile?: string | null;
  firstNameEn: string;
  middleNameEn?: string | null;
  lastNameEn: string;
  firstNameNp?: string | null;
  middleNameNp?: string | null;
  lastNameNp?: string | null;
  fullNameEn?: string;
  fullNameNp?: string | null;
  isBlocked?: boolean;
  roles?: { id: number; name: string }[];
  createdAt?: string;
};

export type AuditRow = {
  id: number;
  actorUserId: number | null;
  actorUsername?: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  requestId?: string | null;
  ipAddress?: string | null;
  occurredAt: string;
};

export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The lists of the API may answer an array or {items,total}; screens read one shape. */
export function toPaged<T>(data: unknown): Paged<T> {
  if (Array.isArray(data)) return { items: data as T[], total: data.length };
  const paged = data as Partial<Paged<T>> | null;
  return { items: paged?.items ?? [], total: paged?.total ?? paged?.items?.length ?? 0 };
}

export const PERMISSION_ACTIONS = ['read', 'create', 'update', 'delete', 'approve', 'reject'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
