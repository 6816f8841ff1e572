import { describe, expect, test } from 'vitest';
import { parseMarkdown, safeHref } from './markdown';

describe('the content pages’ Markdown', () => {
  test('headings, paragraphs joined across lines, and both kinds of list', () => {
    expect(
      parseMarkdown(
        '## Paying\nPay by card\nany day.\n\n- Visa\n- Mastercard\n  or debit\n\n1. Find\n2. Pay\n### After',
      ),
    ).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Paying' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'Pay by card any day.' }] },
      {
        type: 'list',
        ordered: false,
        items: [[{ type: 'text', text: 'Visa' }], [{ type: 'text', text: 'Mastercard or debit' }]],
      },
      {
        type: 'list',
        ordered: true,
        items: [[{ type: 'text', text: 'Find' }], [{ type: 'text', text: 'Pay' }]],
      },
      { type: 'heading', level: 3, children: [{ type: 'text', text: 'After' }] },
    ]);
  });

  test('bold, italics and links inside a line; a backslash keeps a star a star', () => {
    expect(
      parseMarkdown('Call **088-123 456** or [write](mailto:aduan@mps.gov.my), *today* \\*only'),
    ).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Call ' },
          { type: 'strong', children: [{ type: 'text', text: '088-123 456' }] },
          { type: 'text', text: ' or ' },
          {
            type: 'link',
            href: 'mailto:aduan@mps.gov.my',
            children: [{ type: 'text', text: 'write' }],
          },
          { type: 'text', text: ', ' },
          { type: 'em', children: [{ type: 'text', text: 'today' }] },
          { type: 'text', text: ' *only' },
        ],
      },
    ]);
  });

  test('HTML stays text, and a link that could run script is no link', () => {
    expect(parseMarkdown('<script>alert(1)</script> [click](javascript:alert(1))')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: '<script>alert(1)</script> [click](javascript:alert(1))' },
        ],
      },
    ]);
  });

  test.each([
    ['#/helpline', true],
    ['https://www.pdp.gov.my/', true],
    ['mailto:aduan@mps.gov.my', true],
    ['tel:+6089-275 000', false],
    ['tel:+6089275000', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['data:text/html,<b>x</b>', false],
    ['http://example.com', false],
    ['//evil.example', false],
  ])('%s may be a link: %s', (href, allowed) => {
    expect(safeHref(href) !== null).toBe(allowed);
  });
});
