export const SETTINGS_TEXTS = {
  title: 'Settings',
  description: "Your organisation's name, how the desk treats messages and when it alerts the team.",
  loadFailed: 'The settings could not be loaded. Reload the page to try again.',
  saveFailed: 'The settings could not be saved. Try again.',
  saved: 'Settings saved.',
  ackTitle: 'Acknowledgement messages',
  ackDescription:
    'A message whose whole text is one of these phrases, or only emoji, joins a ticket that is already open but never opens a new one. Capitals and closing punctuation are ignored: “Thanks!” matches “thanks”.',
  ackAdd: 'Add phrase',
  ackInput: 'New phrase',
  ackPlaceholder: 'e.g. thank you so much',
  ackEmpty: 'No phrases: only emoji-only messages count as acknowledgements.',
  ackReset: 'Reset to default',
  ackDuplicate: 'That phrase is already on the list.',
  unansweredTitle: 'Unanswered tickets',
  unansweredDescription:
    'Notify the team when a ticket has had no reply from the business for this long after it opened.',
  unansweredLabel: 'Notify after (minutes)',
  lifecycleTitle: 'Ticket lifecycle',
  lifecycleDescription:
    'How tickets move while they wait on the customer, and what a customer message does after a ticket was closed.',
  autoPendingLabel: 'Set a ticket to Pending after a staff reply',
  autoPendingHint:
    'Pending means waiting on the customer. When they write again the ticket goes back to In Progress, marked “Customer replied”.',
  reopenDaysLabel: 'Reopen within (days)',
  reopenDaysHint:
    'A customer message this soon after a close reopens the ticket for its assignee; a later one opens a follow-up ticket. 0: never reopen.',
  save: 'Save',
  organisationTitle: 'Organisation',
  organisationDescription:
    'The name your members see in the menu, in invitation emails and on the page where they join.',
  organisationLabel: 'Organisation name',
  renamed: (name: string) => `The organisation is now called “${name}”.`,
  renameFailed: 'The organisation could not be renamed. Try again.',
} as const;
