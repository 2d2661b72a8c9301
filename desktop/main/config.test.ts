import { describe, expect, it } from 'vitest';
import { loadWorkstationConfig, WorkstationConfigError } from './config';

describe('loadWorkstationConfig', () => {
  it('defaults to the API on this machine', () => {
    expect(loadWorkstationConfig({})).toEqual({ apiUrl: 'http://127.0.0.1:8080', dataDir: undefined, devServerUrl: undefined });
  });

  it('reads the API address, data folder and dev server', () => {
    expect(
      loadWorkstationConfig({
        PSC_API_URL: 'https://psc.example.gov.np/',
        PSC_WORKSTATION_DATA_DIR: 'workstation-data',
        VITE_DEV_SERVER_URL: 'http://localhost:5173/',
      }),
    ).toEqual({ apiUrl: 'https://psc.example.gov.np', dataDir: 'workstation-data', devServerUrl: 'http://localhost:5173' });
  });

  it('stops with a clear message on a wrong value', () => {
    expect(() => loadWorkstationConfig({ PSC_API_URL: 'ftp://psc' })).toThrow(WorkstationConfigError);
    expect(() => loadWorkstationConfig({ PSC_API_URL: 'ftp://psc' })).toThrow(/PSC_API_URL/);
  });
});
