import type { ChatAnalysis } from '@wadesk/chat-export';
import { useEffect, useState } from 'react';
import type { DateRange } from '@/shared/loaded-chat/date-range/date-range';
import { useChatActions } from '@/shared/loaded-chat/state/chat-provider';

export interface AnalysisResult {
  /** The analysis of the current chat and range; the previous one stays while a new one is computed. */
  analysis: ChatAnalysis | null;
  pending: boolean;
  failed: boolean;
}

/** The loaded chat analysed over a date range, in the chat engine's worker. */
export function useAnalysis(range: DateRange, revision: number, enabled: boolean): AnalysisResult {
  const { analyse } = useChatActions();
  const [state, setState] = useState<AnalysisResult>({ analysis: null, pending: enabled, failed: false });
  const { from, to } = range;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new chat (revision) is analysed anew
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState((previous) => ({ ...previous, pending: true, failed: false }));
    analyse({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).then(
      (analysis) => current && setState({ analysis, pending: false, failed: false }),
      (error: unknown) => {
        console.error('The chat could not be analysed', error);
        if (current) setState({ analysis: null, pending: false, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [analyse, from, to, revision, enabled]);

  return state;
}
