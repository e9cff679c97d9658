import { lazy, Suspense } from 'react';
import { Spinner } from '@/shared/ui/spinner';

// The screen and echarts load with the route, so the main bundle does not carry the charts.
const AnalysisScreen = lazy(() =>
  import('./components/analysis-screen').then((module) => ({ default: module.AnalysisScreen })),
);

/** The Analysis screen, loaded when first shown. */
export function LazyAnalysisScreen({ messagesPath }: { messagesPath: string }) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-24 text-brand-600">
          <Spinner className="size-8" label="Loading the analysis" />
        </div>
      }
    >
      <AnalysisScreen messagesPath={messagesPath} />
    </Suspense>
  );
}
