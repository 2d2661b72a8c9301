import type { CertificateConfigurationInput } from '@psc/core';
import { uploadForm } from '../../staff/staff-api';

// The certificate configuration [FS] (api/src/certificates/routes.ts), typed as the API answers.

export type CertificateAdvertisementRow = { id: number; code: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null; isConfigured: boolean };

export type StoredCertificateConfiguration = {
  bodyNp: string;
  bodyEn: string;
  signatoryNameNp: string;
  signatoryNameEn: string;
  signatoryTitleNp: string;
  signatoryTitleEn: string;
  sealFileId: string | null;
  updatedAt: string;
};

export type CertificateConfigurationView = {
  advertisement: Omit<CertificateAdvertisementRow, 'isConfigured'>;
  configuration: StoredCertificateConfiguration | null;
  /** The seal as a data URL, or null when there is none. */
  seal: string | null;
};

export const certificateAdvertisementsPath = '/api/admin/certificate-configurations';
export const certificateConfigurationPath = (advertisementId: number) => `/api/admin/certificate-configurations/${advertisementId}`;

/** Saves the text and signatory; `seal` replaces the seal on file, `removeSeal` takes it off. */
export function saveCertificateConfiguration(advertisementId: number, input: CertificateConfigurationInput, seal: File | null, removeSeal: boolean) {
  return uploadForm<CertificateConfigurationView>(certificateConfigurationPath(advertisementId), () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(input)) form.append(name, String(value ?? ''));
    form.append('removeSeal', removeSeal ? 'true' : 'false');
    if (seal) form.append('seal', seal);
    return form;
  });
}
