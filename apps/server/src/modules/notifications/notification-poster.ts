/** What a notification says about its ticket. */
export interface NotifiedTicket {
  organisationId: number;
  id: number;
  customer: string;
  groupName: string;
}

/**
 * The port other modules post notifications through (decision 0022): they say what happened, the
 * notifications module words it, stores it per member and delivers it. The tickets module posts `assigned`
 * and `mentioned`, the ticket engine `newTickets` and `customerReplied`; the unanswered alert is the
 * notifications module's own sweep. Posting never fails the action that posts: a failure is logged. A
 * member not of the ticket's organisation gets nothing.
 */
export interface NotificationPoster {
  /** `assigneeId` was given the ticket by `by` (someone else: taking a ticket tells nobody). */
  assigned(ticket: NotifiedTicket, by: string, assigneeId: number): Promise<void>;
  /** A note by `by` mentions these members (never its author). */
  mentioned(ticket: NotifiedTicket, by: string, note: string, userIds: readonly number[]): Promise<void>;
  /** Customers opened tickets (a batch of the engine's at once): every member. */
  newTickets(opened: readonly { ticket: NotifiedTicket; lastMessage: string }[]): Promise<void>;
  /**
   * The customer wrote again and the ticket waits on the business again: after its answer, on a pending
   * ticket, or on a closed one within the reopen window (`reopened`): its assignee, once per wait.
   */
  customerReplied(
    ticket: NotifiedTicket,
    lastMessage: string,
    assigneeId: number,
    reopened: boolean,
  ): Promise<void>;
}
