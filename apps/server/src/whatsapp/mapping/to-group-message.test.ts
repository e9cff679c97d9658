import { proto, type WAMessage } from 'baileys';
import Long from 'long';
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  BOB_LID,
  BOB_PN,
  content,
  fixture,
  GROUP,
  image,
  THUMB,
  viewOnceStub,
} from '../../../test-support/whatsapp/mapping-fixtures';
import { UNSUPPORTED_BODY } from './message-content';
import { type MappedMessage, mapGroupMessage } from './to-group-message';

function mapped(message: ReturnType<typeof fixture>): MappedMessage {
  const result = mapGroupMessage(message);
  if (result.kind !== 'message') throw new Error(`expected a message, got ${result.kind}`);
  return result.message;
}

describe('mapGroupMessage', () => {
  it('maps a plain text message field by field', () => {
    const message = fixture({ conversation: 'Hello, my order has not arrived' });
    expect(mapped(message)).toEqual({
      groupJid: GROUP,
      msgId: `false_${GROUP}_${message.key.id}_${ALICE}`,
      waId: message.key.id,
      fromMe: false,
      author: ALICE,
      authorAlt: null,
      authorName: 'Alice',
      body: 'Hello, my order has not arrived',
      messageType: 'chat',
      hasMedia: false,
      mimetype: null,
      filename: null,
      thumbnail: null,
      quotedId: null,
      quotedParticipant: null,
      quotedType: null,
      quotedBody: null,
      quotedThumbnail: null,
      timestamp: Number(message.messageTimestamp),
      raw: null,
    });
  });

  it('reads extended text, and leaves author empty for our own messages', () => {
    const own = fixture({ extendedTextMessage: { text: 'see https://example.com' } }, { fromMe: true });
    expect(mapped(own)).toMatchObject({
      body: 'see https://example.com',
      messageType: 'chat',
      fromMe: true,
      author: null,
    });
    expect(mapped(own).msgId).toBe(`true_${GROUP}_${own.key.id}`);
  });

  it('keeps an image caption, its inline preview and the proto JSON needed to download it', () => {
    const row = mapped(fixture(image()));
    expect(row).toMatchObject({
      messageType: 'image',
      body: 'the receipt',
      hasMedia: true,
      mimetype: 'image/jpeg',
      thumbnail: THUMB.toString('base64'),
    });
    const raw = row.raw as { message: { imageMessage: Record<string, unknown> } };
    expect(raw.message.imageMessage.directPath).toBe('/v/t62/abc');
    expect(raw.message.imageMessage.jpegThumbnail).toBeUndefined(); // already in its own column
    const revived = proto.WebMessageInfo.fromObject(raw);
    expect(Buffer.from(revived.message?.imageMessage?.mediaKey ?? []).equals(Buffer.alloc(32, 1))).toBe(true);
  });

  it('keeps the content of a location, contact or poll for a quote of it, without the message secret', () => {
    const secret = { messageContextInfo: { messageSecret: Buffer.alloc(32, 9) } };
    const location = mapped(
      fixture({
        locationMessage: { degreesLatitude: 52.5, name: 'Main St 5', jpegThumbnail: THUMB },
        ...secret,
      }),
    );
    // Not media: nothing to download, and its map preview is kept only here.
    expect(location).toMatchObject({ messageType: 'location', hasMedia: false, thumbnail: null });
    expect(location.raw).toMatchObject({
      message: { locationMessage: { name: 'Main St 5', jpegThumbnail: THUMB.toString('base64') } },
    });
    const poll = mapped(
      fixture({ pollCreationMessageV3: { name: 'Rate us', options: [{ optionName: 'Good' }] }, ...secret }),
    );
    expect(poll.raw).toMatchObject({ message: { pollCreationMessageV3: { name: 'Rate us' } } });
    expect(JSON.stringify(poll.raw)).not.toContain('messageSecret');
    expect(mapped(fixture(image(), {})).raw).not.toHaveProperty('message.messageContextInfo');
    // Plain text is its body alone.
    expect(mapped(fixture({ extendedTextMessage: { text: 'hi' }, ...secret })).raw).toBeNull();
  });

  it('names video, audio, voice notes, documents and stickers in whatsapp-web.js terms', () => {
    const cases: [proto.IMessage, string, string][] = [
      [{ videoMessage: { mimetype: 'video/mp4', caption: 'clip', jpegThumbnail: THUMB } }, 'video', 'clip'],
      [{ audioMessage: { mimetype: 'audio/mpeg', seconds: 12 } }, 'audio', ''],
      [{ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }, 'ptt', ''],
      [{ stickerMessage: { mimetype: 'image/webp' } }, 'sticker', ''],
    ];
    for (const [content, type, body] of cases) {
      expect(mapped(fixture(content))).toMatchObject({ messageType: type, body, hasMedia: true });
    }
    expect(mapped(fixture(cases[0]?.[0] ?? null)).thumbnail).toBe(THUMB.toString('base64'));
    const document = fixture({
      documentWithCaptionMessage: {
        message: {
          documentMessage: { mimetype: 'application/pdf', fileName: 'invoice.pdf', caption: 'invoice' },
        },
      },
    });
    expect(mapped(document)).toMatchObject({
      messageType: 'document',
      body: 'invoice',
      filename: 'invoice.pdf',
      mimetype: 'application/pdf',
      hasMedia: true,
    });
  });

  it('unwraps ephemeral messages', () => {
    const ephemeral = fixture({
      ephemeralMessage: { message: { extendedTextMessage: { text: 'vanishing' } } },
    });
    expect(mapped(ephemeral)).toMatchObject({ messageType: 'chat', body: 'vanishing' });
  });

  it('carries a quoted text message with its author', () => {
    const reply = fixture({
      extendedTextMessage: {
        text: 'yes',
        contextInfo: {
          stanzaId: 'QUOTED1',
          participant: BOB_PN,
          quotedMessage: { conversation: 'is it paid?' },
        },
      },
    });
    expect(mapped(reply)).toMatchObject({
      quotedId: 'QUOTED1',
      quotedParticipant: BOB_PN,
      quotedType: 'chat',
      quotedBody: 'is it paid?',
      quotedThumbnail: null,
    });
  });

  it('carries a quoted image with its type, caption and preview', () => {
    const reply = fixture({
      extendedTextMessage: {
        text: 'this one?',
        contextInfo: { stanzaId: 'QUOTED2', participant: ALICE, quotedMessage: image() },
      },
    });
    expect(mapped(reply)).toMatchObject({
      quotedType: 'image',
      quotedBody: 'the receipt',
      quotedThumbnail: THUMB.toString('base64'),
      raw: null,
    });
  });

  it('turns "delete for everyone" into a revoke of the target, and keeps a revoked stub from history', () => {
    const revoke = fixture({
      protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'GONE' } },
    });
    // Who sent it is the envelope's sender: only the author or an admin may delete (messages.repository.ts).
    expect(mapGroupMessage(revoke)).toEqual({
      kind: 'revoke',
      groupJid: GROUP,
      targetId: 'GONE',
      at: Number(revoke.messageTimestamp),
      fromMe: false,
      author: ALICE,
      authorAlt: null,
    });
    const stub = fixture(null, { messageStubType: proto.WebMessageInfo.StubType.REVOKE });
    expect(mapped(stub)).toMatchObject({ messageType: 'revoked', body: '', hasMedia: false });
  });

  it('turns an edit into a new body for the target, naming who sent the edit', () => {
    const edit = fixture({
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        key: { id: 'OLD', participant: BOB_PN },
        editedMessage: { conversation: 'fixed typo' },
      },
    });
    // The sender is the envelope's participant (Alice), not the participant written in the target key.
    expect(mapGroupMessage(edit)).toEqual({
      kind: 'edit',
      groupJid: GROUP,
      targetId: 'OLD',
      body: 'fixed typo',
      at: Number(edit.messageTimestamp),
      fromMe: false,
      author: ALICE,
      authorAlt: null,
    });
    const lid = fixture(
      {
        editedMessage: {
          message: {
            protocolMessage: {
              type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
              key: { id: 'OLD2' },
              editedMessage: { conversation: 'again' },
            },
          },
        },
      },
      { participant: BOB_LID },
    );
    Object.assign(lid.key, { participantAlt: BOB_PN });
    expect(mapGroupMessage(lid)).toMatchObject({ kind: 'edit', author: BOB_LID, authorAlt: BOB_PN });
    const own = fixture(
      {
        protocolMessage: {
          type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
          key: { id: 'OLD3' },
          editedMessage: { conversation: 'mine' },
        },
      },
      { fromMe: true },
    );
    expect(mapGroupMessage(own)).toMatchObject({ kind: 'edit', fromMe: true, author: null });
  });

  it('turns a reactionMessage into a reaction of the envelope sender to the key it names', () => {
    // Baileys' shape (Utils/process-message.js:81-83, 411-419): the reacted-to key, the emoji as `text`,
    // `senderTimestampMs` as a Long once decoded.
    const like = fixture({
      reactionMessage: {
        key: { remoteJid: GROUP, fromMe: false, id: 'TARGET', participant: BOB_PN },
        text: '👍',
        senderTimestampMs: Long.fromNumber(1_700_000_123_456),
      },
    });
    expect(mapGroupMessage(like)).toEqual({
      kind: 'reaction',
      groupJid: GROUP,
      targetId: 'TARGET',
      emoji: '👍',
      senderName: 'Alice',
      at: 1_700_000_123_456,
      fromMe: false,
      author: ALICE,
      authorAlt: null,
    });
    // An empty text takes the reaction back; without senderTimestampMs the envelope's time counts.
    const back = fixture({ reactionMessage: { key: { id: 'TARGET' }, text: '' } }, { participant: BOB_LID });
    Object.assign(back.key, { participantAlt: BOB_PN });
    expect(mapGroupMessage(back)).toMatchObject({
      kind: 'reaction',
      emoji: '',
      author: BOB_LID,
      authorAlt: BOB_PN,
      at: Number(back.messageTimestamp) * 1000,
    });
    // The linked account's own reaction from its phone, inside an ephemeral wrapper.
    const own = fixture(
      { ephemeralMessage: { message: { reactionMessage: { key: { id: 'TARGET' }, text: '❤️' } } } },
      { fromMe: true },
    );
    expect(mapGroupMessage(own)).toMatchObject({ kind: 'reaction', fromMe: true, author: null, emoji: '❤️' });
    // A crafted "emoji" is cut; a reaction naming no message is skipped.
    const long = fixture({ reactionMessage: { key: { id: 'TARGET' }, text: 'x'.repeat(500) } });
    expect(mapGroupMessage(long)).toMatchObject({ emoji: 'x'.repeat(32) });
    expect(mapGroupMessage(fixture({ reactionMessage: { text: '👍' } }))).toEqual({ kind: 'skip' });
  });

  it('keeps both addresses of a LID participant', () => {
    const message = fixture({ conversation: 'from a lid group' }, { participant: BOB_LID });
    // Baileys adds participantAlt while decoding; it is not part of the proto schema.
    Object.assign(message.key, { participantAlt: `4915198765432:12@s.whatsapp.net` });
    expect(mapped(message)).toMatchObject({ author: BOB_LID, authorAlt: BOB_PN });
    expect(mapped(message).msgId).toBe(`false_${GROUP}_${message.key.id}_${BOB_LID}`);
  });

  it('accepts Long timestamps, as protobufjs decodes them', () => {
    const message = fixture(
      { conversation: 'x' },
      { messageTimestamp: Long.fromNumber(1_712_345_678, true) },
    );
    expect(mapped(message).timestamp).toBe(1_712_345_678);
  });

  it('skips chats that are not groups and messages without content; a reaction is no message', () => {
    const direct = proto.WebMessageInfo.fromObject({
      key: { remoteJid: ALICE, id: 'D1', fromMe: false },
      message: { conversation: 'hi' },
    }) as WAMessage;
    expect(mapGroupMessage(direct).kind).toBe('skip');
    expect(mapGroupMessage(fixture({ reactionMessage: { text: '👍', key: { id: 'X' } } })).kind).toBe(
      'reaction',
    );
    expect(mapGroupMessage(fixture(null)).kind).toBe('skip');
  });
});

describe('mapGroupMessage: view-once messages', () => {
  const viewOnceBody = (kind: string) => `View-once ${kind} — open it on the phone`;

  it('keeps the key-only stub a linked device receives as a visible view-once message', () => {
    const stub = viewOnceStub();
    expect(mapped(stub)).toMatchObject({
      messageType: 'view_once',
      body: viewOnceBody('message'),
      hasMedia: false,
      author: ALICE,
      authorName: 'Alice',
      raw: null,
    });
    // Without the mark, a message without content is still nothing to show.
    expect(mapGroupMessage(fixture(null)).kind).toBe('skip');
  });

  it('names the photo, video or voice message of every view-once wrapper, and keeps none of its media', () => {
    const cases: [proto.IMessage, string][] = [
      [{ viewOnceMessage: { message: image({ caption: 'secret' }) } }, 'photo'],
      [
        { viewOnceMessageV2: { message: { videoMessage: { mimetype: 'video/mp4', viewOnce: true } } } },
        'video',
      ],
      [
        { viewOnceMessageV2Extension: { message: { audioMessage: { ptt: true, viewOnce: true } } } },
        'voice message',
      ],
      [{ ephemeralMessage: { message: { viewOnceMessageV2: { message: image() } } } }, 'photo'],
      // The phone may send the media with its viewOnce flag and no wrapper, or the wrapper with nothing in it.
      [{ imageMessage: { mimetype: 'image/jpeg', viewOnce: true, jpegThumbnail: THUMB } }, 'photo'],
      [{ viewOnceMessageV2: {} }, 'message'],
    ];
    for (const [message, kind] of cases) {
      expect(mapped(fixture(content(message))), kind).toMatchObject({
        messageType: 'view_once',
        body: viewOnceBody(kind),
        hasMedia: false,
        thumbnail: null,
        mimetype: null,
        raw: null,
      });
    }
  });
});

describe('mapGroupMessage: other kinds', () => {
  const kind = (message: proto.IMessage) => mapped(fixture(content(message)));

  it('maps round video notes as downloadable media', () => {
    const note = fixture(
      content({
        ptvMessage: {
          mimetype: 'video/mp4',
          seconds: 9,
          jpegThumbnail: THUMB,
          directPath: '/v/ptv',
          mediaKey: Buffer.alloc(32, 4),
        },
      }),
    );
    const row = mapped(note);
    expect(row).toMatchObject({
      messageType: 'ptv',
      body: '',
      hasMedia: true,
      mimetype: 'video/mp4',
      thumbnail: THUMB.toString('base64'),
    });
    expect(
      (row.raw as { message: { ptvMessage: { directPath: string } } }).message.ptvMessage.directPath,
    ).toBe('/v/ptv');
  });

  it('maps animated stickers as stickers that download as the sticker they wrap', () => {
    const row = kind({
      lottieStickerMessage: {
        message: { stickerMessage: { mimetype: 'application/was', isLottie: true, directPath: '/v/lottie' } },
      },
    });
    expect(row).toMatchObject({ messageType: 'sticker', hasMedia: true, mimetype: 'application/was' });
    expect(row.raw).toMatchObject({ message: { stickerMessage: { directPath: '/v/lottie' } } });
  });

  it('maps albums, events and group invitations to their own types with readable text', () => {
    expect(kind({ albumMessage: { expectedImageCount: 3, expectedVideoCount: 1 } })).toMatchObject({
      messageType: 'album',
      body: 'Album: 3 photos, 1 video',
      hasMedia: false,
    });
    expect(
      kind({
        eventMessage: {
          name: 'Store opening',
          description: 'Drinks at six',
          location: { name: 'Main street 1' },
          startTime: 1_760_000_000,
        },
      }),
    ).toMatchObject({ messageType: 'event', body: 'Store opening\nDrinks at six\nMain street 1' });
    expect(kind({ eventMessage: { name: 'Picnic', isCanceled: true } }).body).toBe('Cancelled event\nPicnic');
    expect(
      kind({
        groupInviteMessage: {
          groupJid: '120363000000000002@g.us',
          inviteCode: 'AbCdEf',
          groupName: 'Returns',
          caption: 'join us here',
        },
      }),
    ).toMatchObject({
      messageType: 'groups_v4_invite',
      body: 'Invitation to join the group "Returns"\njoin us here',
    });
  });

  it('maps the choices people make with buttons and lists to the text they chose', () => {
    expect(
      kind({
        buttonsResponseMessage: { selectedButtonId: 'b1', selectedDisplayText: 'Yes, refund it', type: 1 },
      }),
    ).toMatchObject({ messageType: 'buttons_response', body: 'Yes, refund it' });
    expect(
      kind({
        listResponseMessage: { title: 'Express', listType: 1, singleSelectReply: { selectedRowId: 'r2' } },
      }),
    ).toMatchObject({ messageType: 'list_response', body: 'Express' });
    expect(
      kind({ templateButtonReplyMessage: { selectedId: 't1', selectedDisplayText: 'Call me' } }),
    ).toMatchObject({
      messageType: 'template_button_reply',
      body: 'Call me',
    });
    expect(
      kind({
        interactiveResponseMessage: {
          body: { text: 'Track my order' },
          nativeFlowResponseMessage: { name: 'menu', paramsJson: '{}' },
        },
      }),
    ).toMatchObject({ messageType: 'interactive_response', body: 'Track my order' });
  });

  it('maps messages with buttons, templates and lists to their texts and choices', () => {
    expect(
      kind({
        buttonsMessage: {
          contentText: 'Was this helpful?',
          footerText: 'Shop bot',
          buttons: [
            { buttonId: 'y', buttonText: { displayText: 'Yes' }, type: 1 },
            { buttonId: 'n', buttonText: { displayText: 'No' }, type: 1 },
          ],
        },
      }),
    ).toMatchObject({ messageType: 'interactive', body: 'Was this helpful?\nShop bot\n• Yes\n• No' });
    expect(
      kind({
        templateMessage: {
          hydratedTemplate: {
            hydratedContentText: 'Your order shipped',
            hydratedButtons: [{ quickReplyButton: { displayText: 'Thanks', id: 'q' } }],
          },
        },
      }),
    ).toMatchObject({ messageType: 'interactive', body: 'Your order shipped\n• Thanks' });
    expect(
      kind({
        interactiveMessage: {
          header: { title: 'Menu' },
          body: { text: 'Pick one' },
          nativeFlowMessage: {
            buttons: [{ name: 'quick_reply', buttonParamsJson: '{"display_text":"Orders"}' }],
          },
        },
      }),
    ).toMatchObject({ messageType: 'interactive', body: 'Menu\nPick one\n• Orders' });
    expect(
      kind({
        listMessage: {
          title: 'Delivery',
          description: 'Choose a speed',
          buttonText: 'Options',
          sections: [
            {
              title: 's',
              rows: [
                { title: 'Standard', rowId: '1' },
                { title: 'Express', rowId: '2' },
              ],
            },
          ],
        },
      }),
    ).toMatchObject({ messageType: 'list', body: 'Delivery\nChoose a speed\n• Standard\n• Express' });
  });

  it('gives any kind it does not know a visible body instead of an empty bubble', () => {
    for (const message of [
      { scheduledCallCreationMessage: { callType: 1, title: 'Weekly call' } },
      { placeholderMessage: { type: 0 } },
      // A newer kind whose fields the schema does not have decodes to its context info alone.
      { messageContextInfo: { messageSecret: Buffer.alloc(32, 5) } },
    ] as proto.IMessage[]) {
      expect(kind(message), JSON.stringify(message)).toMatchObject({
        messageType: 'unknown',
        body: UNSUPPORTED_BODY,
        hasMedia: false,
      });
    }
  });

  it('still skips what is not a bubble: sender keys, votes, pins, event answers', () => {
    for (const message of [
      {
        senderKeyDistributionMessage: {
          groupId: GROUP,
          axolotlSenderKeyDistributionMessage: Buffer.alloc(8),
        },
      },
      { fastRatchetKeySenderKeyDistributionMessage: { groupId: GROUP }, messageContextInfo: {} },
      { pollUpdateMessage: { pollCreationMessageKey: { id: 'P' } } },
      { pinInChatMessage: { key: { id: 'P' }, type: 1 } },
      { encEventResponseMessage: { eventCreationMessageKey: { id: 'E' } } },
      { encReactionMessage: { targetMessageKey: { id: 'R' } } },
    ] as proto.IMessage[]) {
      expect(mapGroupMessage(fixture(content(message))).kind, JSON.stringify(message)).toBe('skip');
    }
  });

  it('removes NUL characters from every text it maps and from the raw JSON', () => {
    const row = mapped(
      fixture(
        content({
          documentMessage: {
            fileName: 'in\u0000voice.pdf',
            caption: 'see\u0000 this',
            mimetype: 'application/pdf',
            title: 'x\u0000',
            contextInfo: { stanzaId: 'Q', participant: BOB_PN, quotedMessage: { conversation: 'q\u0000' } },
          },
        }),
        { pushName: 'Al\u0000ice' },
      ),
    );
    expect(row).toMatchObject({
      body: 'see this',
      filename: 'invoice.pdf',
      authorName: 'Alice',
      quotedBody: 'q',
    });
    expect(JSON.stringify(row.raw)).not.toContain('\\u0000');
  });

  it('keeps a poll’s options, how many may be chosen and its secret beside the message (V1, V2, V3, V5, wrapped)', () => {
    const secret = Buffer.alloc(32, 7);
    const poll = (selectableOptionsCount: number) => ({
      name: 'Lunch?',
      options: [{ optionName: 'Pizza' }, { optionName: 'Sushi\u0000' }],
      selectableOptionsCount,
    });
    const cases: [proto.IMessage, number][] = [
      [{ pollCreationMessage: poll(0), messageContextInfo: { messageSecret: secret } }, 0],
      [{ pollCreationMessageV2: poll(2), messageContextInfo: { messageSecret: secret } }, 2],
      [{ pollCreationMessageV3: poll(1), messageContextInfo: { messageSecret: secret } }, 1],
      [{ pollCreationMessageV5: poll(1), messageContextInfo: { messageSecret: secret } }, 1],
      // In a disappearing group the poll and its secret sit inside the ephemeral wrapper.
      [
        {
          ephemeralMessage: {
            message: { pollCreationMessageV3: poll(1), messageContextInfo: { messageSecret: secret } },
          },
        },
        1,
      ],
      // A poll that @mentions the group sits inside groupMentionedMessage: shown as a poll, so counted as one.
      [
        {
          groupMentionedMessage: {
            message: { pollCreationMessageV3: poll(1), messageContextInfo: { messageSecret: secret } },
          },
        },
        1,
      ],
    ];
    for (const [message, selectableCount] of cases) {
      const result = mapGroupMessage(fixture(message));
      if (result.kind !== 'message') throw new Error(`expected a message for ${JSON.stringify(message)}`);
      expect(result.message).toMatchObject({ messageType: 'poll_creation', body: 'Lunch?' });
      expect(result.poll).toEqual({
        options: ['Pizza', 'Sushi'],
        selectableCount,
        secret: Uint8Array.from(secret),
      });
      // The secret never travels with the message's row (or what is published of it).
      expect(JSON.stringify(result.message)).not.toContain(secret.toString('base64'));
    }
    const withoutSecret = mapGroupMessage(fixture({ pollCreationMessageV3: poll(1) }));
    expect(withoutSecret.kind === 'message' && withoutSecret.poll?.secret).toBeNull();
    expect(mapGroupMessage(fixture({ conversation: 'hi' }))).toMatchObject({ poll: null });
  });
});
