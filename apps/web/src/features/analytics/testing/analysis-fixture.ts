import {
  type AnalyseOptions,
  analyseChat,
  type ChatAnalysis,
  type ChatMessage,
  parseChat,
} from '@wadesk/chat-export';

/**
 * A small chat whose numbers are known: 6 authored messages by Asha (3), Ravi (2) and Meera (1) on
 * Mon 1 Jan, Wed 3 Jan and Mon 5 Feb 2024, an image, a deleted and an edited message, a link, emoji
 * and two system lines.
 */
export const FIXTURE_CHAT = [
  '01/01/2024, 08:59 - Asha created group "Team"',
  '01/01/2024, 09:00 - Asha: Good morning team 👍',
  '01/01/2024, 09:05 - Ravi: Morning! see https://www.example.com/a',
  '01/01/2024, 09:10 - Asha: coffee ☕ coffee 👍',
  '03/01/2024, 21:30 - Ravi: IMG-20240103-WA0001.jpg (file attached)',
  '03/01/2024, 21:40 - Meera: This message was deleted',
  "05/02/2024, 10:00 - Meera joined using this group's invite link",
  '05/02/2024, 10:01 - Asha: Back from holiday 🎉 <This message was edited>',
].join('\n');

export function fixtureMessages(): ChatMessage[] {
  return parseChat(FIXTURE_CHAT).messages;
}

export function fixtureAnalysis(options: AnalyseOptions = {}): ChatAnalysis {
  return analyseChat(fixtureMessages(), options);
}
