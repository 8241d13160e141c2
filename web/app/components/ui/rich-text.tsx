import { Fragment, type ReactNode } from 'react';
import { safeHref, type RichNode } from '~/lib/rich-text-nodes.ts';

/**
 * The chef's formatted text (web/app/lib/rich-text-lexer.ts) as React elements: every string is a text
 * node, so nothing in it can become markup; a link is checked again here and opens outside the site
 * in a new tab with no referrer or opener.
 */
export function RichText({ nodes, className }: { nodes: readonly RichNode[]; className?: string }) {
  return <div className={className}>{nodes.map(render)}</div>;
}

function render(node: RichNode, key: number): ReactNode {
  if (typeof node === 'string') return <Fragment key={key}>{node}</Fragment>;
  const children = node.c.map(render);
  switch (node.t) {
    case 'a': {
      const href = safeHref(node.href);
      if (!href) return <Fragment key={key}>{children}</Fragment>;
      const external = /^https?:/i.test(href);
      return (
        <a
          key={key}
          href={href}
          className="text-gold underline"
          {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
        >
          {children}
        </a>
      );
    }
    case 'br':
      return <br key={key} />;
    case 'p':
      return <p key={key}>{children}</p>;
    case 'ul':
      return (
        <ul key={key} className="list-disc pl-6">
          {children}
        </ul>
      );
    case 'ol':
      return (
        <ol key={key} className="list-decimal pl-6">
          {children}
        </ol>
      );
    case 'li':
      return <li key={key}>{children}</li>;
    case 'strong':
      return <strong key={key}>{children}</strong>;
    case 'em':
      return <em key={key}>{children}</em>;
    case 'code':
      return <code key={key}>{children}</code>;
    default:
      return <Fragment key={key}>{children}</Fragment>;
  }
}
