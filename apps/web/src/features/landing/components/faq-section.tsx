import { FAQ_ITEMS } from '@/features/landing/content';
import { FaqAccordion } from './faq-accordion';
import { useContactHref } from './landing-footer';

export function FaqSection() {
  const contact = useContactHref();
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[2fr_3fr] lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">FAQ</p>
          <h2 id="faq-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Frequently asked questions
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Everything about exporting, uploading and analysing your chats.
            {contact ? (
              <>
                {' '}
                Can't find your answer?{' '}
                <a href={contact} className="font-semibold text-brand-700 hover:underline">
                  Contact us
                </a>
                .
              </>
            ) : null}
          </p>
        </div>
        <FaqAccordion items={FAQ_ITEMS} />
      </div>
    </section>
  );
}
