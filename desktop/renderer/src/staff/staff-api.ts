import { api } from '../api/api';
import type { ApiResult, RequestOptions } from '../api/api-client';
import { useSyncStore } from '../stores/sync-store';

// The staff API of issue 5 (users, roles, modules, user management, master data, audit), typed
// as the contract describes it. Every call that gets no answer marks the workstation offline.

export async function callApi<T>(path: string, options?: RequestOptions): Promise<ApiResult<T>> {
  const result = await api.request<T>(path, options);
  if (!result.ok && (result.code === 'UNREACHABLE' || result.code === 'NO_CONNECTION' || result.code === 'TIMEOUT')) {
    useSyncStore.getState().markOffline();
  }
  return result;
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
