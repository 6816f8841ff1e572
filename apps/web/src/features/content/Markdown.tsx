import { parseMarkdown, type Block, type Inline } from '@portal/domain/markdown';
import { useMemo } from 'react';
import styles from './ContentPage.module.css';

/**
 * A content page's Markdown drawn as elements (docs/content-pages.md). Never as HTML: whatever the
 * stored text holds, a `<script>` is text, and only the links `safeHref` allows are links.
 */
export function Markdown({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={styles.prose}>
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </div>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'heading':
      return block.level === 2 ? (
        <h2>
          <InlineView nodes={block.children} />
        </h2>
      ) : (
        <h3>
          <InlineView nodes={block.children} />
        </h3>
      );
    case 'paragraph':
      return (
        <p>
          <InlineView nodes={block.children} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index}>
          <InlineView nodes={item} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
  }
}

function InlineView({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'strong':
        return (
          <strong key={index}>
            <InlineView nodes={node.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={index}>
            <InlineView nodes={node.children} />
          </em>
        );
      case 'link':
        return (
          <a key={index} href={node.href}>
            <InlineView nodes={node.children} />
          </a>
        );
    }
  });
}
