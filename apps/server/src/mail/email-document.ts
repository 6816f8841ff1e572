import { html, type SafeHtml } from '@portal/domain/html';
import type { Language } from '@portal/domain/languages';

/**
 * The page every e-mail of the portal is drawn on: a white column on grey. E-mail clients drop
 * <style> blocks and external CSS, so every style is inline, and the column is a table because
 * some clients ignore the width of a div.
 */
export function emailDocument(lang: Language, subject: string, content: SafeHtml[]): string {
  return html`<!doctype html>
    <html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${subject}</title>
      </head>
      <body
        style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1a1a1a"
      >
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          style="max-width:640px;margin:0 auto;background:#ffffff;border-collapse:collapse"
        >
          <tr>
            <td style="padding:24px">${content}</td>
          </tr>
        </table>
      </body>
    </html>`.text;
}

export const emailParagraph = (text: string | SafeHtml) =>
  html`<p style="margin:0 0 16px">${text}</p>`;

export const emailFootnote = (text: string) =>
  html`<p style="margin:0;color:#5f6b7a;font-size:12px">${text}</p>`;
