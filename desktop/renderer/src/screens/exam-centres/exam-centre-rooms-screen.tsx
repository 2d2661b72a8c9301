import { examVenueRoomSchema, formatPhoneNumber, localizeIssues, toDevanagariDigits } from '@psc/core';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Form, Input, Popconfirm, Row, Space, Switch, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { NumberInput } from '../../components/number-input';
import { useLanguage } from '../../i18n/use-language';
import { callApi } from '../../staff/staff-api';
import { useActions } from '../../stores/session-store';
import type { ExamVenueDetail, ExamVenueRoom } from './exam-centres-api';
import { VenueForm } from './venue-form';

/** The rooms are a grid: the header names each column once, each row keeps the same widths. */
const COLUMNS = { roomNumber: '0 0 160px', floor: '0 0 200px', seats: '0 0 120px', active: '0 0 80px' } as const;
const ROW_ITEM = { marginBottom: 8 };

type RoomValues = { roomNumber?: string; floor?: string; seats?: number; isActive: boolean };

/**
 * exam-center-list/{id} [MC] (spec §2; §3 "Exam centre"): one exam centre and its rooms, each
 * room edited in its own row (number unique in the centre, floor, seats, active). A room an
 * allocation refers to cannot be deleted, only deactivated.
 */
export function ExamCentreRoomsScreen() {
  const { id } = useParams();
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('MC');
  const [venue, setVenue] = useState<ExamVenueDetail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isEditing, setIsEditing] = useState(false);

  const load = useCallback(async () => {
    const result = await callApi<ExamVenueDetail>(`/api/admin/exam-venues/${encodeURIComponent(id ?? '')}`);
    if (!result.ok) {
      setFailure(result.message);
      return;
    }
    setFailure(null);
    setVenue(result.data);
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  if (failure) return <Alert type="error" showIcon message={failure} data-testid="venue-rooms-error" />;
  if (!venue) return <Card loading />;

  const digits = (value: number) => (language === 'ne' ? toDevanagariDigits(String(value)) : String(value));
  const name = (en: string, np: string) => (language === 'ne' ? np : en);
  const active = venue.rooms.filter((room) => room.isActive);
  const seats = active.reduce((sum, room) => sum + room.seats, 0);

  async function removeRoom(room: ExamVenueRoom) {
    const result = await callApi(`/api/admin/exam-venues/${venue!.id}/rooms/${room.id}`, { method: 'DELETE' });
    if (!result.ok) {
      void message.error({ content: result.message, key: 'room-delete' });
      return;
    }
    void message.success({ content: result.message, key: 'room-delete' });
    await load();
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="venue-rooms-screen">
      <Card
        title={name(venue.nameEn, venue.nameNp)}
        extra={
          <Space>
            <Link to="/admin/exam-center">{t('examCentres.back')}</Link>
            {actions.has('update') ? (
              <Button onClick={() => setIsEditing(true)} data-testid="venue-edit">
                {t('examCentres.edit')}
              </Button>
            ) : null}
          </Space>
        }
      >
        <Descriptions size="small" column={2} bordered data-testid="venue-details">
          <Descriptions.Item label={t('examCentres.city')}>{name(venue.cityNameEn, venue.cityNameNp)}</Descriptions.Item>
          <Descriptions.Item label={t('examCentres.address')}>{name(venue.addressEn, venue.addressNp)}</Descriptions.Item>
          <Descriptions.Item label={t('examCentres.capacity')}>{digits(venue.capacity)}</Descriptions.Item>
          <Descriptions.Item label={t('examCentres.contactPerson')}>
            {[venue.contactPerson, venue.contactNumber ? formatPhoneNumber(venue.contactNumber, language) : null].filter(Boolean).join(', ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('examCentres.active')}>
            {venue.isActive ? <Tag color="green">{t('examCentres.active')}</Tag> : <Tag>{t('examCentres.inactive')}</Tag>}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        title={t('examCentres.rooms')}
        extra={
          <Typography.Text data-testid="venue-room-totals">{t('examCentres.roomTotals', { rooms: active.length, seats, capacity: venue.capacity })}</Typography.Text>
        }
      >
        {venue.capacity > seats && active.length > 0 ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('examCentres.capacityAboveSeats')} /> : null}
        {venue.rooms.length === 0 ? <Empty description={t('examCentres.noRooms')} /> : null}
        <Row gutter={12} wrap={false} style={{ marginBottom: 4 }} aria-hidden>
          <Col flex={COLUMNS.roomNumber}>
            <Typography.Text strong>{t('examCentres.roomNumber')}</Typography.Text>
          </Col>
          <Col flex={COLUMNS.floor}>
            <Typography.Text strong>{t('examCentres.floor')}</Typography.Text>
          </Col>
          <Col flex={COLUMNS.seats}>
            <Typography.Text strong>{t('examCentres.seats')}</Typography.Text>
          </Col>
          <Col flex={COLUMNS.active}>
            <Typography.Text strong>{t('examCentres.active')}</Typography.Text>
          </Col>
        </Row>
        <Space direction="vertical" size={0} style={{ width: '100%' }}>
          {venue.rooms.map((room) => (
            <RoomRow
              key={room.id}
              venueId={venue.id}
              room={room}
              canSave={actions.has('update')}
              onSaved={load}
              remove={actions.has('delete') ? () => removeRoom(room) : undefined}
            />
          ))}
          {actions.has('create') ? <RoomRow key={`new-${venue.rooms.length}`} venueId={venue.id} room={null} canSave onSaved={load} /> : null}
        </Space>
      </Card>
      {isEditing ? (
        <VenueForm
          venue={venue}
          onClose={() => setIsEditing(false)}
          onSaved={async () => {
            setIsEditing(false);
            await load();
          }}
        />
      ) : null}
    </Space>
  );
}

/** One room, or the empty row that adds one: Enter in any field saves the row. */
function RoomRow({
  venueId,
  room,
  canSave,
  onSaved,
  remove,
}: {
  venueId: number;
  room: ExamVenueRoom | null;
  canSave: boolean;
  onSaved: () => Promise<void>;
  remove?: (() => Promise<void>) | undefined;
}) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<RoomValues>();
  const [isSaving, setIsSaving] = useState(false);
  const testId = room ? `room-${room.roomNumber}` : 'room-new';

  async function save() {
    const body = form.getFieldsValue(true);
    const parsed = examVenueRoomSchema.safeParse(body);
    if (!parsed.success) {
      form.setFields(Object.entries(localizeIssues(parsed.error, language)).map(([name, errors]) => ({ name: name as keyof RoomValues, errors })));
      return;
    }
    setIsSaving(true);
    try {
      const result = await callApi(room ? `/api/admin/exam-venues/${venueId}/rooms/${room.id}` : `/api/admin/exam-venues/${venueId}/rooms`, {
        method: room ? 'PUT' : 'POST',
        body,
      });
      if (!result.ok) {
        // A number the centre already has answers 409: shown on the field, the row keeps its text.
        const errors = result.errors ?? (result.httpStatus === 409 ? { roomNumber: [result.message] } : {});
        form.setFields(Object.entries(errors).map(([field, messages]) => ({ name: field as keyof RoomValues, errors: messages })));
        void message.error({ content: result.message, key: 'room-save' });
        return;
      }
      void message.success({ content: result.message, key: 'room-save' });
      await onSaved();
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Form
      form={form}
      data-testid={testId}
      initialValues={room ? { roomNumber: room.roomNumber, floor: room.floor ?? '', seats: room.seats, isActive: room.isActive } : { isActive: true }}
      onFinish={() => void save()}
      disabled={!canSave}
    >
      <Row gutter={12} wrap={false} align="top">
        <Col flex={COLUMNS.roomNumber}>
          <Form.Item name="roomNumber" style={ROW_ITEM}>
            <Input data-field="roomNumber" aria-label={t('examCentres.roomNumber')} />
          </Form.Item>
        </Col>
        <Col flex={COLUMNS.floor}>
          <Form.Item name="floor" style={ROW_ITEM}>
            <Input data-field="floor" aria-label={t('examCentres.floor')} />
          </Form.Item>
        </Col>
        <Col flex={COLUMNS.seats}>
          <Form.Item name="seats" style={ROW_ITEM}>
            <NumberInput data-field="seats" aria-label={t('examCentres.seats')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col flex={COLUMNS.active}>
          <Form.Item name="isActive" valuePropName="checked" style={ROW_ITEM}>
            <Switch aria-label={t('examCentres.active')} />
          </Form.Item>
        </Col>
        <Col flex="auto">
          <Space>
            <Button htmlType="submit" type={room ? 'default' : 'primary'} loading={isSaving} data-testid={`${testId}-save`}>
              {t(room ? 'examCentres.saveRoom' : 'examCentres.addRoom')}
            </Button>
            {room && remove ? (
              <Popconfirm title={t('examCentres.deleteRoomConfirm')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={remove}>
                <Button danger disabled={false} data-testid={`${testId}-delete`}>
                  {t('examCentres.deleteRoom')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
