import { toDevanagariDigits } from '@psc/core';
import { Alert, Card, Empty, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../i18n/use-language';
import { callApi } from '../../staff/staff-api';
import type { CityWithVenues } from './exam-centres-api';

/**
 * center-list (spec §2): every city's active exam centres with their capacity, active rooms and
 * seats, and each city's totals: what the centre, room and invigilator allocations have to seat
 * candidates in. Read-only; the centres are kept on exam-center.
 */
export function CentreSummaryScreen() {
  const { t, language } = useLanguage();
  const [cities, setCities] = useState<CityWithVenues[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void callApi<CityWithVenues[]>('/api/admin/exam-venue-cities').then((result) => {
      if (!isCurrent) return;
      if (result.ok) setCities(result.data);
      else setFailure(result.message);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  const digits = (value: number) => (language === 'ne' ? toDevanagariDigits(String(value)) : String(value));
  const name = (en: string, np: string) => (language === 'ne' ? np : en);
  const totals = (cities ?? []).reduce((sum, city) => ({ venues: sum.venues + city.venues.length, capacity: sum.capacity + city.capacity, rooms: sum.rooms + city.rooms, seats: sum.seats + city.seats }), {
    venues: 0,
    capacity: 0,
    rooms: 0,
    seats: 0,
  });

  return (
    <Card title={t('route.centerList')} data-testid="centre-summary">
      {failure ? <Alert type="error" showIcon message={failure} /> : null}
      {cities && cities.length === 0 ? <Empty description={t('examCentres.noCentres')} /> : null}
      {cities && cities.length > 0 ? (
        <Table<CityWithVenues>
          size="small"
          rowKey="cityId"
          pagination={false}
          dataSource={cities}
          data-testid="centre-summary-table"
          expandable={{
            defaultExpandAllRows: true,
            expandedRowRender: (city) => (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={city.venues}
                columns={[
                  { key: 'name', title: t('examCentres.centreName'), render: (_, venue) => name(venue.nameEn, venue.nameNp) },
                  { key: 'address', title: t('examCentres.address'), render: (_, venue) => name(venue.addressEn, venue.addressNp) },
                  { key: 'capacity', title: t('examCentres.capacity'), align: 'right', render: (_, venue) => digits(venue.capacity) },
                  { key: 'rooms', title: t('examCentres.rooms'), align: 'right', render: (_, venue) => digits(venue.rooms.length) },
                  { key: 'seats', title: t('examCentres.seats'), align: 'right', render: (_, venue) => digits(venue.seats) },
                ]}
              />
            ),
          }}
          columns={[
            { key: 'city', title: t('examCentres.city'), render: (_, city) => <Typography.Text strong>{name(city.cityNameEn, city.cityNameNp)}</Typography.Text> },
            { key: 'venues', title: t('examCentres.centres'), align: 'right', render: (_, city) => digits(city.venues.length) },
            { key: 'capacity', title: t('examCentres.capacity'), align: 'right', render: (_, city) => digits(city.capacity) },
            { key: 'rooms', title: t('examCentres.rooms'), align: 'right', render: (_, city) => digits(city.rooms) },
            { key: 'seats', title: t('examCentres.seats'), align: 'right', render: (_, city) => digits(city.seats) },
          ]}
          summary={() => (
            <Table.Summary.Row data-testid="centre-summary-totals">
              <Table.Summary.Cell index={0} />
              <Table.Summary.Cell index={1}>
                <Typography.Text strong>{t('examCentres.cityTotals')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">{digits(totals.venues)}</Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">{digits(totals.capacity)}</Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">{digits(totals.rooms)}</Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">{digits(totals.seats)}</Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      ) : null}
    </Card>
  );
}
