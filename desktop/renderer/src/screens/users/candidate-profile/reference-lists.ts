import { useEffect, useState } from 'react';
import { callApi } from '../../../staff/staff-api';

// The names behind the ids of a candidate's profile: the same public lists the candidate's forms
// choose from (GET /api/psc/reference/<list>), each asked for once per run of the workstation and
// shared by every fullDetails screen opened after it. A list that fails is asked again next time.

export type ReferenceRow = { id: number; nameEn: string; nameNp: string; typeNameEn?: string; typeNameNp?: string };

export const REFERENCE_LISTS = [
  'provinces',
  'districts',
  'local-levels',
  'castes',
  'caste-groups',
  'religions',
  'mother-tongues',
  'disability-classes',
  'disability-types',
  'universities',
  'education-levels',
  'faculties',
  'service-classes',
] as const;

export type ReferenceList = (typeof REFERENCE_LISTS)[number];
export type ReferenceLists = Record<ReferenceList, ReadonlyMap<number, ReferenceRow>>;

const asked = new Map<ReferenceList, Promise<ReadonlyMap<number, ReferenceRow>>>();

function fetchList(list: ReferenceList): Promise<ReadonlyMap<number, ReferenceRow>> {
  let pending = asked.get(list);
  if (!pending) {
    pending = callApi<ReferenceRow[]>(`/api/psc/reference/${list}`).then((result) => {
      if (!result.ok) {
        asked.delete(list);
        return new Map();
      }
      return new Map(result.data.map((row) => [row.id, row]));
    });
    asked.set(list, pending);
  }
  return pending;
}

function toLists(maps: readonly ReadonlyMap<number, ReferenceRow>[]): ReferenceLists {
  const lists = {} as Record<ReferenceList, ReadonlyMap<number, ReferenceRow>>;
  REFERENCE_LISTS.forEach((list, index) => {
    lists[list] = maps[index] ?? new Map();
  });
  return lists;
}

const empty = toLists([]);

/** Every list, empty until it arrives (names then fill in; an id is never shown bare meanwhile). */
export function useReferenceLists(enabled: boolean): { lists: ReferenceLists; isLoading: boolean } {
  const [lists, setLists] = useState<ReferenceLists | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let isCurrent = true;
    void Promise.all(REFERENCE_LISTS.map(fetchList)).then((maps) => {
      if (isCurrent) setLists(toLists(maps));
    });
    return () => {
      isCurrent = false;
    };
  }, [enabled]);
  return { lists: lists ?? empty, isLoading: enabled && lists === null };
}
