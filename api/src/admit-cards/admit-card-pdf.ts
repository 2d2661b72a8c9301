import type { Language } from '@psc/core';
import type { AdmitCardData } from '@psc/print-templates';
import { createHash } from 'node:crypto';
import type { AppDeps } from '../context';
import { getFileStorage, type FileStorage } from '../files/file-storage';
import { printSizedPicture } from '../files/print-sized-picture';
import { printPdf } from './pdf-printer';
import { admitCardsHtml } from './printed-documents';
import type { AdmitCardContent, StoredPicture } from './read-admit-cards';

/**
 * A stored picture as the data URL a printed document embeds (its print-sized copy when it is
 * large), or null when it is not on file.
 */
export async function pictureDataUrl(storage: FileStorage, picture: StoredPicture | null): Promise<string | null> {
  if (!picture) return null;
  const bytes = await printSizedPicture(storage, picture);
  return bytes ? `data:${picture.contentType};base64,${Buffer.from(bytes).toString('base64')}` : null;
}

/** The card with its photograph and signature embedded, as it prints. */
export async function embedPictures(storage: FileStorage, content: AdmitCardContent): Promise<AdmitCardData> {
  const [photo, signature] = await Promise.all([pictureDataUrl(storage, content.photo), pictureDataUrl(storage, content.signature)]);
  return { ...content.card, candidate: { ...content.card.candidate, photo, signature } };
}

/**
 * One admit card as a PDF. In the week before an exam up to 100,000 candidates download their
 * cards, many more than once, and printing is the one costly step (a Chromium page, a few hundred
 * milliseconds). So the PDF is printed on demand through the process's one renderer and kept in
 * the file store under the SHA-256 of the very HTML it was printed from: that HTML holds
 * everything printed (names, roll number, each paper's centre, room and seat, the signed QR, the
 * embedded pictures, the language and the template's own markup and styles), so any change to any
 * of them is a new key and a stale card is never served, while a second download of the same card
 * is a file read. The store is shared by every API instance (DESIGN "Growing past one machine").
 * Old PDFs are left for the store's clean-up; nothing refers to them.
 */
export async function admitCardPdf(deps: AppDeps, content: AdmitCardContent, lang: Language): Promise<Uint8Array> {
  const storage = getFileStorage(deps);
  const html = admitCardsHtml([await embedPictures(storage, content)], lang);
  const key = createHash('sha256').update('admit-card-pdf\n').update(html).digest('hex');
  const kept = await storage.get(key);
  if (kept) return kept;
  const pdf = await printPdf(deps.config, html);
  await storage.put(key, pdf);
  return pdf;
}
