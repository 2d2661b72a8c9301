import { describe, expect, it } from 'vitest';
import { renderDocumentHtml } from '../render-html';
import { DoorList } from './door-list';
import { buildDoorList } from './exam-document-fixtures.test-support';
import type { DoorListData } from './exam-documents';

function renderList(list: DoorListData, lang: 'ne' | 'en' = 'ne') {
  const html = renderDocumentHtml(<DoorList list={list} lang={lang} />, { lang });
  return html.slice(html.indexOf('<body>'), html.indexOf('</body>'));
}

describe('DoorList', () => {
  it('prints each room with floor, roll range and count, the total and the chief', () => {
    const body = renderList(buildDoorList());
    expect(body).toContain('<tr><td class="room">१०१</td><td>भुइँ तला</td><td>१००२००१</td><td>१००२०६०</td><td class="number">६०</td></tr>');
    expect(body).toContain('<td colSpan="4">जम्मा</td><td class="number">१५८</td>');
    expect(body).toContain('केन्द्राध्यक्ष: रमेश कुमार शर्मा (उपसचिव)');
  });

  it('prints the English list with Latin digits, and a blank for a chief not yet named', () => {
    const body = renderList(buildDoorList({ chief: null }), 'en');
    expect(body).toContain('<td class="room">201</td><td>पहिलो तला</td><td>1002121</td><td>1002158</td><td class="number">38</td>');
    expect(body).toContain('<td colSpan="4">Total</td><td class="number">158</td>');
    expect(body).toContain('Centre chief: ____________________');
  });

  it('says so when the centre has no rooms', () => {
    const body = renderList(buildDoorList({ rooms: [] }), 'en');
    expect(body).toContain('<td colSpan="5">No rooms</td>');
    expect(body).toContain('<td class="number">0</td>');
  });

  it('prints a room named <script> as text', () => {
    const body = renderList(buildDoorList({ rooms: [{ roomNumber: '<script>', floor: null, rollFrom: '1', rollTo: '2', candidates: 2 }] }));
    expect(body).not.toContain('<script>');
    expect(body).toContain('<td class="room">&lt;script&gt;</td>');
  });
});
