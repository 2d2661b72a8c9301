import { API_BASE } from '../config';
import { apiClient } from './client';

/** A stored file's bytes, asked for with the bearer token (GET /api/psc/files/:id). */
export function fetchFile(url: string) {
  const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
  return apiClient.request<Blob>(path, { responseType: 'blob' });
}
