import { describe, expect, it } from 'vitest';
import { renderDocumentHtml } from '../render-html';
import { buildAttendanceSheet, NEPALI_NAME } from './exam-document-fixtures.test-support';
import type { RoomListData } from './exam-documents';
import { RoomList } from './room-list';

function renderList(list: RoomListData, lang: 'ne' | 'en' = 'ne') {
  const html = renderDocumentHtml(<RoomList list={list} lang={lang} />, { lang });
  return html.slice(html.indexOf('<body>'), html.indexOf('</body>'));
}

function buildRoomList(count: number): RoomListData {
  const { invigilators: _invigilators, ...list } = buildAttendanceSheet(count);
  return list;
}

describe('RoomList', () => {
  it('prints the room large and each seat with roll number and names, without photographs', () => {
    const body = renderList(buildRoomList(1));
    expect(body).toContain('<p class="room-list-room">कोठा १०१</p>');
    expect(body).toContain(`<tr><td>१</td><td class="roll">१००२००१</td><td>${NEPALI_NAME}<span class="name-other">Shreekrishna Prasad Kshetri</span></td></tr>`);
    expect(body).not.toContain('<img');
    expect(body).toContain('मुद्रण मिति: वि.सं. २०८१ पुस १५');
  });

  it('prints the English list of 60 in seat order with Latin digits', () => {
    const body = renderList(buildRoomList(60), 'en');
    expect(body).toContain('<p class="room-list-room">Room 101</p>');
    expect(body.match(/<td class="roll">/g)).toHaveLength(60);
    expect(body).toContain('<td>60</td><td class="roll">1002060</td>');
    expect(body).toContain('Candidates: <strong>60</strong>');
    expect(body).not.toMatch(/[०-९]/);
  });

  it('prints a candidate named <script> as text', () => {
    const list = buildRoomList(1);
    const body = renderList({ ...list, candidates: [{ ...list.candidates[0]!, name: { np: '<script>x</script>', en: 'x' } }] });
    expect(body).not.toContain('<script>');
    expect(body).toContain('&lt;script&gt;x&lt;/script&gt;');
  });
});
