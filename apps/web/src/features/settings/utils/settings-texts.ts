import { SATISFACTION_OPTIONS, SATISFACTION_QUESTION } from '@wadesk/contract';

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
  hoursTitle: 'Business hours',
  hoursDescription:
    'When your team works, in its own time zone. SLA clocks on business time count only these hours, skip holidays, and stay right on the days clocks change.',
  hoursInvalid: 'Check the business hours.',
  timeZoneLabel: 'Time zone',
  weekCaption: 'Opening hours per weekday',
  closed: 'Closed',
  addHours: 'Add hours',
  holidaysTitle: 'Holidays',
  noHolidays: 'No holidays of your own.',
  holidayInput: 'Holiday',
  addHoliday: 'Add holiday',
  importIcs: 'Import .ics',
  icsImported: (count: number, file: string) =>
    `${count} ${count === 1 ? 'date' : 'dates'} from ${file} added. Save to keep them.`,
  icsEmpty: (file: string) => `${file} holds no dates to add.`,
  regionLabel: 'Public holidays of (region)',
  regionHint: 'A country or state code such as DE or DE-BY: its public holidays count as closed, every year.',
  policiesTitle: 'SLA policies',
  policiesDescription:
    'Targets for answering and resolving tickets. A ticket takes the first policy in this order that names one of its labels, else the one without labels.',
  noPolicies: 'No SLA policies: tickets have no targets.',
  addPolicy: 'Add policy',
  policyName: 'Name',
  policyLabels: 'Labels',
  policyAnyLabel: 'Tickets without a matching label',
  firstResponse: 'First response',
  nextResponse: 'Next response',
  resolution: 'Resolution',
  targetHint: 'Targets in minutes; leave one empty for no target.',
  countIn: 'Count',
  businessCalendar: 'Business hours only',
  wallCalendar: 'Every minute',
  pauseWhilePending: 'Pause resolution while the ticket is Pending',
  slaWarningLabel: 'Breaching soon (minutes before due)',
  slaWarningHint:
    'Counted in each policy’s time. A ticket this close to a due time shows as breaching soon, and its assignee (or, when nobody is assigned, the admins) is notified.',
  outOfHoursLabel: 'Send an out-of-hours reply',
  outOfHoursHint:
    'Once per ticket, when a customer writes outside your business hours (holidays included), the desk answers them with this message.',
  outOfHoursMessageLabel: 'Out-of-hours message',
  outOfHoursMessageHint:
    '{back} is replaced with when the team is back, e.g. “Monday 30 November at 09:00 (Europe/Berlin)”.',
  satisfactionTitle: 'Customer satisfaction',
  satisfactionDescription:
    'Ask customers to rate the help they got, in WhatsApp where they already are. Reports show the ratings.',
  satisfactionLabel: 'Ask customers how we did',
  satisfactionHint: `When a member closes a ticket, the desk sends the WhatsApp poll “${SATISFACTION_QUESTION}” into the group as a reply to the customer, with five answers from “${SATISFACTION_OPTIONS[0]}” to “${SATISFACTION_OPTIONS[4]}”. At most one poll per customer of a group a day. Each group can follow this or set its own on the WhatsApp Chat page.`,
  organisationTitle: 'Organisation',
  organisationDescription:
    'The name your members see in the menu, in invitation emails and on the page where they join.',
  organisationLabel: 'Organisation name',
  renamed: (name: string) => `The organisation is now called “${name}”.`,
  renameFailed: 'The organisation could not be renamed. Try again.',
} as const;
