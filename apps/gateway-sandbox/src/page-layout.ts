/**
 * What every sandbox page shares: one stylesheet, inline, so that each page is self-contained (no
 * outside requests) and the sandbox works offline and looks the same wherever the portal is tested;
 * the page frame; the payment summary; and the accessible form parts of the payer's pages.
 */
import { html, SafeHtml } from '@portal/domain/html';
import type { Language } from '@portal/domain/languages';
import type { Translate } from './messages';
import type { Transaction } from './transactions';

export interface PageContext {
  language: Language;
  t: Translate;
}

const styles = `
:root{--ink:#16213a;--muted:#556079;--line:#d8dde7;--field:#8c95a6;--brand:#0b5cab;--brand-dark:#084784;--page:#f2f4f8;--error:#b42318}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans SC","PingFang SC","Microsoft YaHei",sans-serif;color:var(--ink);background:var(--page)}
.bar{display:flex;align-items:center;gap:10px;padding:14px 20px;background:#10233f;color:#fff;font-weight:600}
.bar svg{flex:none}
.notice{margin:0;padding:8px 20px;background:#fff4d4;border-bottom:1px solid #ecd38a;color:#5c4300;font-size:14px;text-align:center}
main{display:grid;gap:16px;max-width:1040px;margin:0 auto;padding:16px;grid-template-areas:"summary" "card" "cards"}
@media (min-width:800px){main{grid-template-columns:minmax(0,5fr) minmax(0,7fr);grid-template-rows:auto 1fr;grid-template-areas:"summary card" "cards card";align-items:start;gap:24px;padding:32px 24px}}
main.single{max-width:640px;grid-template-columns:minmax(0,1fr);grid-template-areas:none}
.panel{background:#fff;border:1px solid var(--line);border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(16,35,63,.08)}
.summary{grid-area:summary}.card{grid-area:card}.cards{grid-area:cards}
main.single .panel{grid-area:auto}
h1,h2{margin:0 0 14px;line-height:1.25}h1{font-size:1.3rem}h2{font-size:1.1rem}
dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:8px 16px;margin:0}
dt{color:var(--muted)}dd{margin:0;text-align:right;overflow-wrap:anywhere}
.total{display:flex;justify-content:space-between;align-items:baseline;gap:12px;margin:16px 0 0;padding-top:14px;border-top:1px solid var(--line)}
.total strong{font-size:1.5rem;white-space:nowrap}
.field,fieldset{margin:0 0 16px}
fieldset{border:0;padding:0;min-width:0}
label,legend{display:block;font-weight:600;margin-bottom:4px;padding:0}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.row label{font-weight:400;color:var(--muted);font-size:14px}
input,select{width:100%;min-height:46px;padding:10px 12px;font:inherit;color:inherit;background:#fff;border:1px solid var(--field);border-radius:8px}
input:focus,select:focus,button:focus-visible,a:focus-visible{outline:3px solid #f5b700;outline-offset:1px}
[aria-invalid=true]{border:2px solid var(--error)}
.hint{margin:0 0 4px;color:var(--muted);font-size:14px}
.field-error{margin:0 0 4px;color:var(--error);font-weight:600;font-size:14px}
.error-summary{margin:0 0 18px;padding:12px 16px;border:2px solid var(--error);border-radius:8px}
.error-summary h2{font-size:1rem;margin-bottom:6px}.error-summary ul{margin:0;padding-left:20px}.error-summary a{color:var(--error)}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:8px}
button{min-height:48px;padding:12px 20px;font:inherit;font-weight:600;border-radius:8px;border:1px solid transparent;cursor:pointer}
.primary{flex:2 1 220px;background:var(--brand);color:#fff}.primary:hover{background:var(--brand-dark)}
.secondary{flex:1 1 120px;background:#fff;color:var(--ink);border-color:var(--field)}.secondary:hover{background:var(--page)}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{padding:8px 6px;text-align:left;vertical-align:top;border-top:1px solid var(--line)}
th{color:var(--muted);font-weight:600;border-top:0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.card-number{white-space:nowrap}
.gateway-error{margin:12px 0 0;padding:12px 16px;border-left:4px solid var(--error);background:#fdf0ef;font-weight:600}
main.single.wide{max-width:1040px}
.lead{margin:-6px 0 16px;color:var(--muted);font-size:14px}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.provider{display:inline-block;margin:0 0 10px;padding:4px 10px;border-radius:999px;background:#e8f0fa;color:var(--brand-dark);font-size:14px;font-weight:700}
.tertiary{flex:1 1 100%;min-height:44px;padding:8px;background:none;color:var(--brand);text-decoration:underline;text-underline-offset:3px}
.tertiary:hover{color:var(--brand-dark)}
.waiting{display:flex;align-items:center;gap:14px;margin:0 0 16px}
.waiting h2{margin:0}
.spinner{flex:none;width:32px;height:32px;border:4px solid var(--line);border-top-color:var(--brand);border-radius:50%;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation:none}}
.link-button{display:inline-flex;align-items:center;min-height:48px;padding:12px 20px;border:1px solid var(--field);border-radius:8px;color:var(--ink);background:#fff;font-weight:600;text-decoration:none}
.row-actions{display:flex;flex-wrap:wrap;gap:8px}
.row-actions button{flex:1 1 auto;min-height:44px;padding:8px 16px}
.muted{color:var(--muted)}
.nowrap{white-space:nowrap}
@media (max-width:639px){
.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.stack tr{display:block;padding:10px 0;border-top:1px solid var(--line)}
.stack td{display:grid;grid-template-columns:8.5em minmax(0,1fr);gap:8px;padding:4px 0;border:0}
.stack td::before{content:attr(data-label);color:var(--muted);font-weight:600}
.stack td>*{min-width:0}
}
`;

const lockIcon = html`<svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
  <path
    fill="currentColor"
    d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
  />
</svg>`;

/** `head`: what a page adds to its head, such as the waiting page's refresh. */
export function layout(
  { language, t }: PageContext,
  title: string,
  body: SafeHtml,
  mainClass = '',
  head: SafeHtml = html``,
): string {
  return html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · ${t('gatewayName')}</title>
        ${head}
        <style>
          ${new SafeHtml(styles)}
        </style>
      </head>
      <body>
        <header class="bar">${lockIcon}<span>${t('gatewayName')}</span></header>
        <p class="notice">${t('sandboxNotice')}</p>
        <main class="${mainClass}">${body}</main>
      </body>
    </html> `.text;
}

/** `MYR 1,278.99`: the amount as the gateway's pages show it. */
export function shownAmount(transaction: Transaction): string {
  return `${transaction.request.Currency} ${transaction.request.Amount}`;
}

/** The payment being paid: merchant, reference, what it is for, and the amount. */
export function summaryPanel({ t }: PageContext, merchantCode: string, transaction: Transaction) {
  const { request } = transaction;
  return html`<section class="panel summary" aria-labelledby="summary-title">
    <h1 id="summary-title">${t('orderSummary')}</h1>
    <dl>
      <dt>${t('merchant')}</dt>
      <dd>${merchantCode}</dd>
      <dt>${t('reference')}</dt>
      <dd>${request.RefNo}</dd>
      <dt>${t('description')}</dt>
      <dd>${request.ProdDesc}</dd>
    </dl>
    <p class="total"><span>${t('amount')}</span><strong>${shownAmount(transaction)}</strong></p>
  </section>`;
}

/** A form's problems, each linking to its field: the same summary on every payer's form. */
export function errorSummary(
  { t }: PageContext,
  problems: readonly { fieldId: string; message: string }[],
): SafeHtml {
  if (problems.length === 0) return html``;
  return html`<div class="error-summary" role="alert">
    <h2>${t('errorSummary')}</h2>
    <ul>
      ${problems.map(({ fieldId, message }) => html`<li><a href="#${fieldId}">${message}</a></li>`)}
    </ul>
  </div>`;
}

export interface TextField {
  name: string;
  label: string;
  /** Shown back after a failed check; never given for a secret. */
  value?: string;
  hint?: string;
  /** The field's problem, already in the reader's language. */
  error?: string;
  type?: 'text' | 'password' | 'tel';
  inputmode?: 'numeric' | 'tel';
  autocomplete?: string;
  maxlength: number;
}

/** A labelled input with its hint and error tied to it, as the card page's fields are. */
export function textField(field: TextField): SafeHtml {
  const { name, hint, error } = field;
  const describedBy = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ');
  return html`<div class="field">
    <label for="${name}">${field.label}</label>
    ${hint && html`<p class="hint" id="${name}-hint">${hint}</p>`}
    ${error && html`<p class="field-error" id="${name}-error">${error}</p>`}
    <input
      id="${name}"
      name="${name}"
      type="${field.type ?? 'text'}"
      value="${field.value ?? ''}"
      ${field.inputmode && html`inputmode="${field.inputmode}"`}
      ${field.autocomplete && html`autocomplete="${field.autocomplete}"`}
      maxlength="${field.maxlength}"
      required${describedBy && html` aria-describedby="${describedBy}"`}${error && html` aria-invalid="true"`}
    />
  </div>`;
}
