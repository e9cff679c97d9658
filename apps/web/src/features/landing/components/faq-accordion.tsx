import { ExternalLinkIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { ContentItem } from '@/features/landing/content';

/** One answer open at a time; clicking the open question closes it. */
export function FaqAccordion({ items }: { items: readonly ContentItem[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();

  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.title}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-5 text-left text-base font-semibold text-slate-900 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-6"
              >
                {item.title}
                <span
                  className={`flex size-7 shrink-0 items-center justify-center rounded-full transition ${
                    open ? 'rotate-45 bg-brand-700 text-white' : 'bg-slate-100 text-slate-600'
                  }`}
                >
                  <PlusIcon className="size-4" />
                </span>
              </button>
            </h3>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 text-sm leading-6 text-slate-600 sm:px-6"
            >
              <p>{item.description}</p>
              {item.link ? (
                <a
                  href={item.link.href}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="mt-3 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
                >
                  {item.link.label}
                  <ExternalLinkIcon className="size-4" />
                </a>
              ) : null}
            </section>
          </div>
        );
      })}
    </div>
  );
}
