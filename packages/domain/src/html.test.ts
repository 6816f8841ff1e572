import { expect, test } from 'vitest';
import { html } from './html';

test('interpolated text is escaped, nested markup is kept', () => {
  const name = `<b>"Tom" & 'Jerry'</b>`;
  const inner = html`<em>${name}</em>`;
  expect(html`<p title="${name}">${inner}${[html`<br />`, 1]}${false}${undefined}</p>`.text).toBe(
    '<p title="&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;"><em>&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</em><br />1</p>',
  );
});
