import type { UploadRule } from '../../core-forms';

// spec §5 "Files": a file is checked in the browser before it is sent (type by its first bytes,
// as the server does, and the 500 KB limit), so a candidate on a slow connection does not wait
// for an upload the server will refuse. The server checks again; it is the authority.

export type SniffedType = 'image/jpeg' | 'image/png' | 'application/pdf';

export type FileCheck =
  | { ok: true; contentType: SniffedType }
  | { ok: false; problem: 'empty' | 'type' | 'size'; contentType: SniffedType | null };

/** The content type the first bytes show (JPEG, PNG or PDF), whatever the file is named. */
export function sniffContentType(head: Uint8Array): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, index) => head[index] === byte)) return 'image/png';
  // "%PDF-"
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d];
  if (head.length >= pdf.length && pdf.every((byte, index) => head[index] === byte)) return 'application/pdf';
  return null;
}

export async function checkFile(file: Blob, rule: Pick<UploadRule, 'contentTypes' | 'maxBytes'>): Promise<FileCheck> {
  if (file.size === 0) return { ok: false, problem: 'empty', contentType: null };
  const contentType = sniffContentType(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
  if (contentType === null || !rule.contentTypes.includes(contentType)) return { ok: false, problem: 'type', contentType };
  if (file.size > rule.maxBytes) return { ok: false, problem: 'size', contentType };
  return { ok: true, contentType };
}
