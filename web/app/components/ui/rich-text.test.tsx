import { Parser } from 'htmlparser2';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { richText } from '~/lib/rich-text-lexer.ts';
import { safeHref } from '~/lib/rich-text-nodes.ts';
import { RichText } from './rich-text.tsx';

const html = (markdown: string) => renderToStaticMarkup(<RichText nodes={richText(markdown)} />);

describe('the chef’s text: plain, or a small markdown subset', () => {
  it('renders paragraphs, emphasis, lists, line breaks and safe links', () => {
    expect(html('Hello **bold** and _soft_.\n\nSecond  \nline')).toBe(
      '<div><p>Hello <strong>bold</strong> and <em>soft</em>.</p><p>Second<br/>line</p></div>',
    );
    expect(html('- one\n- two\n\n1. first')).toBe(
      '<div><ul class="list-disc pl-6"><li>one</li><li>two</li></ul><ol class="list-decimal pl-6"><li>first</li></ol></div>',
    );
    expect(html('[Call](tel:+15550132024) or [write](mailto:a@b.example) or [read](https://example.com/a?b=1)')).toBe(
      '<div><p><a href="tel:+15550132024" class="text-gold underline">Call</a> or <a href="mailto:a@b.example" class="text-gold underline">write</a> or ' +
        '<a href="https://example.com/a?b=1" class="text-gold underline" target="_blank" rel="noopener noreferrer nofollow">read</a></p></div>',
    );
  });

  it('shows plain text as it is', () => {
    expect(html('Tom & Jerry\'s "dinner" for 2 < 3')).toBe(
      '<div><p>Tom &amp; Jerry&#x27;s &quot;dinner&quot; for 2 &lt; 3</p></div>',
    );
  });

  const hostile = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'before <iframe src="https://evil.example"></iframe> after',
    '[x](javascript:alert(1))',
    '[x](JavaScript:alert(1))',
    '[x](java\tscript:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[x](vbscript:msgbox(1))',
    '[x](//evil.example/path)',
    '<a href="javascript:alert(1)">x</a>',
    '![x](https://evil.example/pixel.png)',
    '<svg onload=alert(1)>',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '**<b onmouseover=alert(1)>bold</b>**',
    '- <script>alert(1)</script>',
  ];
  it.each(hostile)('renders %j inert: no element, attribute or link beyond the subset', (input) => {
    const elements: [string, Record<string, string>][] = [];
    new Parser({ onopentag: (name, attributes) => elements.push([name, attributes]) }).end(html(input));
    for (const [name, attributes] of elements) {
      expect(['div', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'br', 'a']).toContain(name);
      for (const attribute of Object.keys(attributes)) expect(['class', 'href', 'target', 'rel']).toContain(attribute);
      if (attributes.href !== undefined) expect(attributes.href).toMatch(/^(https?:\/\/|mailto:|tel:)/);
    }
  });

  it('keeps what hostile markup said, as text', () => {
    expect(html('<script>alert(1)</script>')).toBe('<div><p>&lt;script&gt;alert(1)&lt;/script&gt;</p></div>');
    expect(html('[x](javascript:alert(1))')).toBe('<div><p>x</p></div>');
    expect(html('<img src=x onerror=alert(1)>')).toBe('<div><p>&lt;img src=x onerror=alert(1)&gt;</p></div>');
  });

  it('accepts only http(s), mailto and tel links', () => {
    for (const ok of ['https://a.example', 'http://a.example/x', 'mailto:a@b.example', 'tel:+15550100'])
      expect(safeHref(ok)).toBe(ok);
    for (const bad of [
      'javascript:alert(1)',
      ' https://a.example',
      'https://a.example/\u0000',
      'ftp://a.example',
      '/relative',
      'https:evil',
      'data:,x',
    ]) {
      expect(safeHref(bad), bad).toBeUndefined();
    }
  });
});
