import { describe, expect, it } from 'vitest';
import type { SystemEventKind } from './analysis-types';
import { classifySystemEvent } from './system-events';

const CASES: [SystemEventKind, string[]][] = [
  [
    'encryption',
    [
      'Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.',
      'Nachrichten und Anrufe sind Ende-zu-Ende-verschlüsselt. Niemand außerhalb dieses Chats kann sie lesen oder anhören.',
      'Los mensajes y las llamadas están cifrados de extremo a extremo.',
      'Les messages et les appels sont chiffrés de bout en bout.',
      'I messaggi e le chiamate sono crittografati end-to-end.',
      'As mensagens e as chamadas são protegidas com a criptografia de ponta a ponta.',
    ],
  ],
  [
    'security',
    [
      'Your security code with Bob changed. Tap to learn more.',
      'Deine Sicherheitsnummer für Bob hat sich geändert.',
    ],
  ],
  [
    'created',
    [
      'Alice created group "Trip: Lisbon 2024"',
      'Alice hat die Gruppe „Urlaub“ erstellt',
      'Alice creó el grupo "Viaje"',
      'Alice a créé le groupe « Voyage »',
      'Alice ha creato il gruppo "Viaggio"',
      'Alice criou o grupo "Viagem"',
      'Alice heeft groep "Reis" aangemaakt',
    ],
  ],
  [
    'added',
    [
      'Alice added Bob',
      'You added Bob and Carol',
      'Alice hat Bob hinzugefügt',
      'Alice añadió a Bob',
      'Alice a ajouté Bob',
      'Alice ha aggiunto Bob',
      'Alice adicionou Bob',
      'Alice heeft Bob toegevoegd',
    ],
  ],
  [
    'joined',
    [
      "You joined using this group's invite link",
      "Bob joined using this group's invite link",
      'Bob ist über den Einladungslink dieser Gruppe beigetreten',
      'Bob se unió usando el enlace de invitación de este grupo',
      "Bob a rejoint ce groupe via le lien d'invitation",
      'Bob entrou usando o link de convite deste grupo',
    ],
  ],
  [
    'left',
    [
      'Bob left',
      'Bob left.',
      'Bob hat die Gruppe verlassen',
      'Bob salió del grupo',
      'Bob est parti',
      'Bob saiu',
      'Bob heeft de groep verlaten',
    ],
  ],
  [
    'removed',
    [
      'Alice removed Bob',
      'Alice hat Bob entfernt',
      'Alice eliminó a Bob',
      'Alice a retiré Bob',
      'Alice ha rimosso Bob',
      'Alice removeu Bob',
    ],
  ],
  [
    'subject',
    [
      'Alice changed the subject from "a: b" to "c"',
      'Alice changed the group name from "Left" to "Right"',
      'Alice hat den Betreff von „A“ zu „B“ geändert',
      'Alice cambió el asunto de "A" a "B"',
      'Alice a modifié le sujet de « A » en « B »',
      'Alice ha cambiato l\'oggetto da "A" a "B"',
      'Alice mudou o assunto de "A" para "B"',
      'Alice heeft het onderwerp gewijzigd van "A" naar "B"',
    ],
  ],
  ['description', ['Alice changed the group description', 'Alice hat die Gruppenbeschreibung geändert']],
  [
    'icon',
    [
      "Alice changed this group's icon",
      "Alice deleted this group's icon",
      'Alice hat das Gruppenbild geändert',
    ],
  ],
  [
    'number',
    [
      'Bob changed their phone number to a new number. Tap to message or add the new number.',
      'Bob changed to +49 151 1234567',
    ],
  ],
  ['admin', ["You're now an admin"]],
  ['other', ['Alice pinned a message', 'Waiting for this message. This may take a while.']],
];

describe('classifySystemEvent', () => {
  it.each(CASES)('%s', (kind, lines) => {
    for (const line of lines) expect([line, classifySystemEvent(line)]).toEqual([line, kind]);
  });

  it('is not fooled by quoted names or subjects', () => {
    expect(classifySystemEvent('Alice changed the subject from "Bob added" to "Carol left"')).toBe('subject');
    expect(classifySystemEvent('Alice created group "We left early"')).toBe('created');
  });

  it('takes anything', () => {
    expect(classifySystemEvent('')).toBe('other');
    expect(classifySystemEvent(undefined as unknown as string)).toBe('other');
  });
});
