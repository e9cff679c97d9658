import type { SystemEventKind } from './analysis-types';

// System lines read by their phrases, in English, German, Spanish, French, Italian, Portuguese and
// Dutch. Quoted text (group names, subjects) is removed first so a subject like "Left wing" cannot
// decide the kind; rules are tried in order, the first that matches wins.

const QUOTED = /["“„«][^"”“»]*["”“»]/g;

const RULES: [SystemEventKind, RegExp][] = [
  [
    'encryption',
    /end-to-end|ende-zu-ende|extremo a extremo|de bout en bout|crittografat[ie] end|ponta a ponta|end-to-end versleuteld/i,
  ],
  [
    'security',
    /security code|sicherheitsnummer|código de seguridad|code de sécurité|codice di sicurezza|código de segurança|beveiligingscode/i,
  ],
  [
    'created',
    /\bcreated (?:the )?group|created this group|gruppe\s+erstellt|creó el grupo|a créé le groupe|ha creato il gruppo|criou o grupo|groep\s+aangemaakt/i,
  ],
  [
    'subject',
    /changed the subject|changed the group name|changed this group's name|betreff|gruppennamen|cambió el asunto|nombre del grupo|le sujet|nom du groupe|l['’]oggetto|nome del gruppo|mudou o assunto|nome do grupo|het onderwerp|groepsnaam/i,
  ],
  ['description', /description|beschreibung|descripción|descrizione|descrição|beschrijving/i],
  [
    'icon',
    /group['’]s icon|group icon|gruppenbild|imagen de(?:l| este) grupo|ícono de(?:l| este) grupo|l['’]icône|immagine (?:di questo|del) gruppo|imagem d(?:o|este) grupo|groepsafbeelding/i,
  ],
  [
    'number',
    /changed (?:their|his|her) (?:phone )?number|changed to [+\d\u200e\u202a]|telefonnummer|número de teléfono|cambió su número|changé de numéro|numéro de téléphone|cambiato (?:il suo )?numero|número de telefone|mudou (?:seu|de) número|telefoonnummer/i,
  ],
  [
    'admin',
    /now an admin|no longer an admin|jetzt admin|ahora (?:eres|es) admin|maintenant admin|agora é admin/i,
  ],
  [
    'joined',
    /\bjoined (?:using|via|from)|beigetreten|se unió|a rejoint|si è unit[oa]|è entrat[oa]|entrou usando|neemt deel|lid geworden/i,
  ],
  ['added', /\badded\b|hinzugefügt|añadió|agregó|a ajouté|ha aggiunto|adicionou|toegevoegd/i],
  ['removed', /\bremoved\b|entfernt|eliminó a|a retiré|ha rimosso|removeu|verwijderd/i],
  [
    'left',
    /\bleft$|\bleft the group|die gruppe verlassen|ist ausgetreten|salió|est partie?$|a quitté|ha abbandonato|è uscit[oa]|\bsaiu\b|de groep verlaten|is vertrokken/i,
  ],
];

/** The kind of a system line's text. */
export function classifySystemEvent(text: string): SystemEventKind {
  if (typeof text !== 'string') return 'other';
  const plain = text
    .replace(QUOTED, ' ')
    .replace(/[\s.!\u200e\u200f]+$/, '')
    .trim();
  for (const [kind, rule] of RULES) if (rule.test(plain)) return kind;
  return 'other';
}
