import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveCannedReplyRequest, SendPollRequest } from '@wadesk/contract';
import { useAuth } from '@/shared/account/auth-context';
import { replyDrafts } from '@/shared/storage/reply-drafts';
import { deleteCannedReply, fetchCannedReplies, saveCannedReply, sendPoll, sendReply } from './replies-api';
import { ticketKeys } from './tickets-queries';

export const cannedKeys = { all: ['canned-replies'] as const };

export const cannedRepliesQuery = () =>
  queryOptions({ queryKey: cannedKeys.all, queryFn: ({ signal }) => fetchCannedReplies(signal) });

/**
 * Sends a reply; the conversation and the lists are fetched again (the reply joins the ticket), and the
 * ticket's draft is forgotten here rather than in the reply box: TanStack Query skips a `mutate` call's
 * own callbacks once the box has unmounted (sent, then another ticket opened), and the sent reply would
 * come back as the draft. A draft changed since the send (typed into a box opened again) is kept.
 */
export function useSendReply() {
  const queryClient = useQueryClient();
  const meId = useAuth().user?.id ?? 0;
  return useMutation({
    mutationFn: ({ ticketId, text }: { ticketId: number; text: string }) => sendReply(ticketId, text),
    onSuccess: (_reply, { ticketId, text }) => {
      if (replyDrafts.get(meId, ticketId).trim() === text) replyDrafts.clear(meId, ticketId);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}

/** Sends a poll; like a reply, it joins the ticket, so the conversation and the lists are fetched again. */
export function useSendPoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SendPollRequest) => sendPoll(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveCannedReplyRequest) => saveCannedReply(request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedKeys.all }),
  });
}

export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCannedReply(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedKeys.all }),
  });
}
