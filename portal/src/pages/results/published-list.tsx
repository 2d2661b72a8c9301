import { Tag } from 'antd';
import type { PublishedEntry, SelectionKind } from '../../api/results-api';
import { labelOf, useFormat } from '../../hooks/use-format';
import type { PortalMessageKey } from '../../i18n/ne';

// One published list as the notice board shows it (spec §2): a table per quota, in the order the
// API gives (quota, then place, alternates last); the merit place only on the final list; names in
// the reader's language, digits in its script.

const NEPAL_TIME_ZONE = 'Asia/Kathmandu';

/** The interview's clock time `HH:MM` in Nepal, wherever the phone is set. */
export function nepalTimeOf(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: NEPAL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** The entries of one list by quota, in the order the API gives (quota, then place, alternates last). */
export function byQuota(entries: PublishedEntry[]) {
  const groups = new Map<string, PublishedEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.quotaCode);
    if (group) group.push(entry);
    else groups.set(entry.quotaCode, [entry]);
  }
  return [...groups.values()];
}

function QuotaList({ kind, entries, listed }: { kind: SelectionKind; entries: PublishedEntry[]; listed: number }) {
  const { t, language, digits } = useFormat();
  const first = entries[0]!;
  const quota = labelOf({ nameEn: first.quotaNameEn, nameNp: first.quotaNameNp }, language);
  const headingId = `published-quota-${first.quotaCode}`;
  return (
    <section className="published-quota" aria-labelledby={headingId} data-testid="published-quota">
      <h3 id={headingId} className="published-quota__title">
        {t('publishedResults.quotaHeading', { quota, count: listed })}
      </h3>
      <table className="published-list">
        <thead>
          <tr>
            {kind === 'final' ? <th scope="col">{t('myResults.position')}</th> : null}
            <th scope="col">{t('myResults.rollNumber')}</th>
            <th scope="col">{t('myResults.name')}</th>
            <th scope="col">{t('publishedResults.outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={`${entry.outcome}-${entry.rollNumber}`} data-testid="published-row" data-roll={entry.rollNumber}>
              {kind === 'final' ? <td className="published-list__number">{digits(entry.position)}</td> : null}
              <td className="published-list__number" data-testid="published-roll">
                {digits(entry.rollNumber)}
              </td>
              <td>{language === 'ne' ? entry.nameNp || entry.nameEn : entry.nameEn}</td>
              <td>
                <Tag color={entry.outcome === 'alternate' ? 'processing' : 'success'} className="published-list__outcome">
                  {t(`publishedResults.outcome.${entry.outcome}` as PortalMessageKey)}
                </Tag>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Every quota's table; `listedByQuota` counts a quota's whole list while a search narrows `entries`. */
export function QuotaLists({ kind, entries, listedByQuota }: { kind: SelectionKind; entries: PublishedEntry[]; listedByQuota: ReadonlyMap<string, number> }) {
  return (
    <>
      {byQuota(entries).map((group) => (
        <QuotaList key={group[0]!.quotaCode} kind={kind} entries={group} listed={listedByQuota.get(group[0]!.quotaCode) ?? group.length} />
      ))}
    </>
  );
}
