import { describe, expect, it } from 'vitest';
import { backupsToKeep } from './prune-backups';

// Backups newest first, as pruneBackups reads them; times in UTC, days counted in Nepal (UTC+5:45).
const at = (id: number, iso: string) => ({ id, startedAt: new Date(iso) });

describe('backupsToKeep', () => {
  it('keeps the newest of each of the newest N days and of each of the newest M months', () => {
    const backups = [
      at(9, '2026-11-27T20:00:00Z'), // 28 November in Nepal
      at(8, '2026-11-27T10:00:00Z'), // 27 November
      at(7, '2026-11-27T05:00:00Z'), // 27 November, older the same day
      at(6, '2026-11-26T10:00:00Z'),
      at(5, '2026-11-25T10:00:00Z'),
      at(4, '2026-10-31T10:00:00Z'),
      at(3, '2026-10-01T10:00:00Z'),
      at(2, '2026-09-15T10:00:00Z'),
      at(1, '2026-08-15T10:00:00Z'),
    ];
    expect([...backupsToKeep(backups, 3, 3)].sort()).toEqual([2, 4, 6, 8, 9]);
    expect([...backupsToKeep(backups, 1, 0)]).toEqual([9]);
  });

  it('counts days in Nepal time: 18:15 UTC is already the next day', () => {
    const backups = [at(2, '2026-11-27T18:15:00Z'), at(1, '2026-11-27T18:14:00Z')];
    expect([...backupsToKeep(backups, 2, 0)].sort()).toEqual([1, 2]);
  });
});
