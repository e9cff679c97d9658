import { HOW_IT_WORKS_STEPS } from '@/features/landing/content';
import { ContentIcon } from './content-icon';

export function HowItWorks() {
  return (
    <section
      id="how-works"
      aria-labelledby="how-works-title"
      className="scroll-mt-16 bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">How it works</p>
          <h2
            id="how-works-title"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            From your phone to insights in four steps
          </h2>
          <p className="mt-4 text-lg text-slate-600">Export the chat, zip it, upload it, and analyse it.</p>
        </div>
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <li
              key={step.title}
              className="group relative rounded-2xl border border-slate-200 bg-slate-50/60 p-6 transition hover:-translate-y-0.5 hover:border-brand-200 hover:bg-white hover:shadow-lg hover:shadow-brand-900/5"
            >
              <div className="flex items-center justify-between">
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white shadow-sm">
                  {step.icon ? <ContentIcon name={step.icon} className="size-6" /> : null}
                </span>
                <span className="text-4xl font-extrabold text-brand-700 transition group-hover:text-brand-800">
                  {String(index + 1).padStart(2, '0')}
                </span>
              </div>
              <h3 className="mt-6 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
