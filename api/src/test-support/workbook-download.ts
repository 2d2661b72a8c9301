import ExcelJS from 'exceljs';
import type { TestApp } from './test-app';

// The Excel exports' tests: a workbook route asked as staff would (or with no session), and the
// first sheet read back as rows of cell values.

export async function downloadWorkbook(t: Pick<TestApp, 'app'>, path: string, token: string | null, lang: 'en' | 'ne' = 'en') {
  const headers: Record<string, string> = { 'accept-language': lang };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await t.app.request(path, { headers });
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The first sheet's name and rows, each row's cells from the first column on. */
export async function readFirstSheet(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return { name: sheet.name, rows };
}
