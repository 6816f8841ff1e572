import { strToU8, zipSync, type ZipOptions } from 'fflate';

/**
 * A workbook as small as spreadsheet programs read, written part by part so that a test can put
 * into its first sheet's `<sheetData>` exactly what an attacker would: the parts and their XML as
 * ECMA-376 has them, packed with `options`.
 */
export function workbookOf(
  sheetData: string,
  {
    extraParts = {},
    options = { level: 6 },
  }: { extraParts?: Record<string, string>; options?: ZipOptions } = {},
): Buffer {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relationships = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const officeDocument = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const parts: Record<string, string> = {
    '[Content_Types].xml': `${declaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `${declaration}<Relationships xmlns="${relationships}"><Relationship Id="rId1" Type="${officeDocument}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${declaration}<workbook xmlns="${main}" xmlns:r="${officeDocument}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${declaration}<Relationships xmlns="${relationships}"><Relationship Id="rId1" Type="${officeDocument}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `${declaration}<worksheet xmlns="${main}"><sheetData>${sheetData}</sheetData></worksheet>`,
    ...extraParts,
  };
  return Buffer.from(
    zipSync(
      Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, strToU8(text)])),
      options,
    ),
  );
}

/** A row of inline-text cells, from column A, as `<row>` XML. */
export function rowOf(line: number, cells: readonly string[]): string {
  const column = (index: number) => String.fromCharCode(65 + index);
  const escaped = (text: string) =>
    text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return `<row r="${line}">${cells
    .map(
      (text, index) =>
        `<c r="${column(index)}${line}" t="inlineStr"><is><t>${escaped(text)}</t></is></c>`,
    )
    .join('')}</row>`;
}
