import { type RefObject, useEffect } from 'react';

const NAME = 'group-search';

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}
type HighlightConstructor = new (...ranges: Range[]) => unknown;

/**
 * Marks every occurrence of `query` (case-insensitive) in the message bodies under `container` with the
 * CSS Custom Highlight API (`::highlight(group-search)` in index.css): no element is added to the
 * bubbles, and rows the list renders later are marked as they appear. Browsers without the API show the
 * hit's row highlight only.
 */
export function useTextHighlight(container: RefObject<HTMLElement | null>, query: string) {
  useEffect(() => {
    const registry = (globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined)
      ?.highlights;
    const Highlight = (globalThis as unknown as { Highlight?: HighlightConstructor }).Highlight;
    const root = container.current;
    if (!registry || !Highlight || !root || !query) return;
    const needle = query.toLowerCase();
    const mark = () => {
      const ranges: Range[] = [];
      for (const row of root.querySelectorAll('[data-msg-id]')) {
        const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.toLowerCase() ?? '';
          for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + needle.length);
            ranges.push(range);
          }
        }
      }
      registry.set(NAME, new Highlight(...ranges));
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      registry.delete(NAME);
    };
  }, [container, query]);
}
